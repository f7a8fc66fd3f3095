import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { fakeId, resetConvexFake, setQuery } from "../../test/convex-fake";
import TicketsModal from "./tickets-modal";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

beforeEach(() => resetConvexFake());

const ticket = (code: string, status: "valid" | "used" | "cancelled") => ({
  _id: fakeId("tickets", code),
  code,
  eventId: fakeId("events", "ev1"),
  eventName: "Show de Rock",
  eventStartsAt: Date.UTC(2026, 11, 20, 21),
  issuedAt: Date.UTC(2026, 10, 1),
  status,
  usedAt: null,
  typeName: "Pista",
  loteIndex: 0,
  meiaCategory: null,
});

describe("Meus Ingressos", () => {
  it("speaks of buying tickets when there are none", async () => {
    setQuery(api.tickets.mine, []);
    render(<TicketsModal open onOpenChange={() => {}} />);
    expect(
      await screen.findByText("Compre ingressos na página de um evento, ou apoie um evento com ingresso, para receber os seus."),
    ).toBeInTheDocument();
  });

  it("shows no QR code for a cancelled ticket", async () => {
    setQuery(api.tickets.mine, [ticket("AAAAAAAAA", "valid"), ticket("BBBBBBBBB", "cancelled")]);
    render(<TicketsModal open onOpenChange={() => {}} />);
    expect(await screen.findByRole("img", { name: "QR code do ingresso AAAAAAAAA" })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "QR code do ingresso BBBBBBBBB" })).toBeNull();
    expect(screen.getByText("BBBBBBBBB")).toBeInTheDocument();
  });
});
