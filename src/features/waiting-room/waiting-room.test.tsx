import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { resetConvexFake, setMutation, setQuery } from "../../test/convex-fake";
import { WaitingRoom } from "./waiting-room";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

const HOUR = 3_600_000;
const room = (overrides: Partial<Parameters<typeof setQuery<typeof api.waitingRoom.status>>[1] & object> = {}) => ({
  opensAt: Date.now() + HOUR,
  status: "waiting" as const,
  perMinute: 200,
  admittedThrough: 0,
  numbered: 0,
  movedAt: null,
  ...overrides,
});

function renderRoom() {
  return render(
    <WaitingRoom eventId="ev1" open>
      <p>Ingressos à venda</p>
    </WaitingRoom>,
  );
}

beforeEach(() => resetConvexFake());

describe("Sala de espera", () => {
  it("an event without a room shows Ingressos as always", () => {
    setQuery(api.waitingRoom.status, null);
    setQuery(api.waitingRoom.mine, null);
    renderRoom();
    expect(screen.getByText("Ingressos à venda")).toBeInTheDocument();
  });

  it("before the opening: the countdown and Entrar na sala de espera, no Ingressos", async () => {
    setQuery(api.waitingRoom.status, room());
    setQuery(api.waitingRoom.mine, null);
    const join = setMutation(api.waitingRoom.join, () => null as never);
    renderRoom();
    expect(screen.getByText(/^As vendas abrem em \d{2}:\d{2}(:\d{2})?$/)).toBeInTheDocument();
    expect(screen.queryByText("Ingressos à venda")).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Entrar na sala de espera" }));
    expect(join).toHaveBeenCalledWith({ eventId: "ev1" });
  });

  it("after the draw: the place and its estimate, live, then Sua vez! with Ingressos", () => {
    setQuery(api.waitingRoom.status, room({ status: "open", opensAt: Date.now() - HOUR, admittedThrough: 34, numbered: 5_000 }));
    setQuery(api.waitingRoom.mine, { early: true, place: 1_234, turnEndsAt: null, turnUsed: false });
    renderRoom();
    expect(screen.getByRole("status")).toHaveTextContent("Você é o Nº 1.234 · cerca de 6 min");
    act(() =>
      setQuery(api.waitingRoom.status, room({ status: "open", opensAt: Date.now() - HOUR, admittedThrough: 634, numbered: 5_000 })),
    );
    expect(screen.getByRole("status")).toHaveTextContent("Você é o Nº 1.234 · cerca de 3 min");
    // A turn ending at 20:10 on the reader's clock (a year ahead, so it is still running).
    const end = new Date();
    end.setFullYear(end.getFullYear() + 1);
    end.setHours(20, 10, 0, 0);
    const until = end.getTime();
    act(() => setQuery(api.waitingRoom.mine, { early: true, place: 1_234, turnEndsAt: until, turnUsed: false }));
    expect(screen.getByRole("status")).toHaveTextContent("Sua vez! Você pode comprar até 20:10");
    expect(screen.getByText("Ingressos à venda")).toBeInTheDocument();
  });

  it("sold out: Esgotado to everyone, with Ingressos (and its Lista de espera)", () => {
    setQuery(api.waitingRoom.status, room({ status: "soldOut", opensAt: Date.now() - HOUR }));
    setQuery(api.waitingRoom.mine, { early: false, place: 9_000, turnEndsAt: null, turnUsed: false });
    renderRoom();
    expect(screen.getByRole("status")).toHaveTextContent("Esgotado");
    expect(screen.getByText("Ingressos à venda")).toBeInTheDocument();
  });
});
