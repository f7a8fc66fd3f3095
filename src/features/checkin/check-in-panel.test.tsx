import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { doorCodeHash, DOOR_MESSAGES } from "@convex/model/shared/door";
import { fakeId, resetConvexFake, setConnection, setMutation, setPaginated, setQuery } from "../../test/convex-fake";
import { CheckInPanel } from "./check-in-panel";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

beforeEach(() => {
  resetConvexFake();
  localStorage.clear();
  setQuery(api.tickets.checkInStats, { issued: 40, used: 12 });
  setQuery(api.door.review, []);
  setMutation(api.door.open, ({ doorName }) => ({ sessionId: fakeId("doorSessions", "s1"), doorName, openedAt: Date.now() }));
});

describe("the door screen", () => {
  it("shows the limit's refusal and keeps the typed code, so the organizer can retry it", async () => {
    const user = userEvent.setup();
    setMutation(api.tickets.checkIn, () => {
      throw new ConvexError({ code: "RATE_LIMITED", message: "Muitas tentativas. Tente novamente em 2 segundos." });
    });
    render(<CheckInPanel eventId="ev1" userId="u1" role="portaria" />);
    await user.type(screen.getByLabelText("Código do ingresso"), "ABC123XYZ");
    await user.click(screen.getByRole("button", { name: "Validar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Muitas tentativas. Tente novamente em 2 segundos.");
    expect(screen.getByLabelText("Código do ingresso")).toHaveValue("ABC123XYZ");
  });

  it("clears the code once the ticket is let in", async () => {
    const user = userEvent.setup();
    const checkIn = setMutation(api.tickets.checkIn, () => ({ holderName: "Ana", code: "ABC123XYZ", kind: null, note: null }));
    render(<CheckInPanel eventId="ev1" userId="u1" role="portaria" />);
    await user.type(screen.getByLabelText("Código do ingresso"), "ABC123XYZ");
    await user.click(screen.getByRole("button", { name: "Validar" }));
    expect(await screen.findByText("Entrada liberada: Ana")).toBeInTheDocument();
    expect(checkIn).toHaveBeenCalledWith({ eventId: "ev1", code: "ABC123XYZ", doorName: "Principal" });
    expect(screen.getByLabelText("Código do ingresso")).toHaveValue("");
  });

  it("tells the door to check the document of a meia-entrada ticket", async () => {
    const user = userEvent.setup();
    setMutation(api.tickets.checkIn, () => ({
      holderName: "Bia",
      code: "MEIA12345",
      kind: "Pista · Meia-entrada (estudante)",
      note: "Meia-entrada: conferir documento",
    }));
    render(<CheckInPanel eventId="ev1" userId="u1" role="portaria" />);
    await user.type(screen.getByLabelText("Código do ingresso"), "MEIA12345");
    await user.click(screen.getByRole("button", { name: "Validar" }));
    const result = (await screen.findByText(/Entrada liberada: Bia/)).closest("p")!;
    expect(result).toHaveTextContent("Entrada liberada: Bia · Pista · Meia-entrada (estudante)");
    expect(result).toHaveTextContent("Meia-entrada: conferir documento");
  });
});

describe("without connection", () => {
  it("decides from the download, never lists it, queues the entry and sends it when the connection is back", async () => {
    const user = userEvent.setup();
    const hash = await doorCodeHash("ev1", "ABC123XYZ");
    setPaginated(api.door.codes, [{ hash, name: "Ana", kind: "Pista · Inteira", usedAt: null, usedDoor: null }]);
    const checkIn = setMutation(api.tickets.checkIn, () => ({ holderName: "x", code: "x", kind: null, note: null }));
    const sync = setMutation(api.door.sync, ({ scans }) => ({
      refused: null,
      results: scans.map(({ clientId }) => ({ clientId, outcome: "accepted" as const, firstDoor: null, firstAt: null })),
    }));
    render(<CheckInPanel eventId="ev1" userId="u1" role="portaria" />);
    expect(await screen.findByText("Pronto para validar sem conexão")).toBeInTheDocument();
    expect(screen.queryByText("Ana")).toBeNull();

    setConnection({ isWebSocketConnected: false, connectionCount: 2 });
    expect(await screen.findByText(DOOR_MESSAGES.offline)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Código do ingresso"), "abc 123xyz");
    await user.click(screen.getByRole("button", { name: "Validar" }));
    expect(await screen.findByText("Entrada liberada: Ana · Pista · Inteira")).toBeInTheDocument();
    expect(screen.getByText("1 entrada aguardando envio")).toBeInTheDocument();
    // The same code again on this device: a duplicate, named with this door.
    await user.type(screen.getByLabelText("Código do ingresso"), "ABC123XYZ");
    await user.click(screen.getByRole("button", { name: "Validar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Já utilizado às \d{2}:\d{2} na porta Principal$/);
    // A code the download does not have.
    await user.type(screen.getByLabelText("Código do ingresso"), "ZZZZZZZZZ");
    await user.click(screen.getByRole("button", { name: "Validar" }));
    // The previous alert stays until the new answer replaces it: wait for the new one.
    await vi.waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Ingresso não encontrado para este evento."));
    expect(checkIn).not.toHaveBeenCalled();
    expect(sync).not.toHaveBeenCalled();

    setConnection({ isWebSocketConnected: true });
    await vi.waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
    expect(sync.mock.calls[0]![0]).toMatchObject({ sessionId: "s1", scans: [{ code: "ABC123XYZ" }] });
    expect(await screen.findByText("Pronto para validar sem conexão")).toBeInTheDocument();
    expect(screen.queryByText("1 entrada aguardando envio")).toBeNull();
  });
});
