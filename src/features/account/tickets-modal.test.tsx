import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { fakeId, resetConvexFake, setMutation, setQuery } from "../../test/convex-fake";
import { TRANSFER_MESSAGES } from "@convex/model/shared/ticketTransfer";
import TicketsModal from "./tickets-modal";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

beforeEach(() => resetConvexFake());

type MyTicket = FunctionReturnType<typeof api.tickets.mine>[number];

const ticket = (code: string, status: MyTicket["status"]): MyTicket => ({
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
  courtesy: false,
  purchase: null,
  support: null,
  transferredTo: null,
  received: false,
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

  describe("Cancelar compra", () => {
    const DAY = 24 * 60 * 60 * 1000;
    const purchase = (purchasedAt: number) => ({ _id: fakeId("ticketPurchases", "p1"), purchasedAt, units: 2, amountCents: 12_000 });
    const bought = (purchasedAt: number, startsAt: number) => ({
      ...ticket("AAAAAAAAA", "valid"),
      eventStartsAt: startsAt,
      purchase: purchase(purchasedAt),
    });

    it("asks first, saying what comes back, then cancels the whole purchase", async () => {
      const user = userEvent.setup();
      const cancel = setMutation(api.ticketPurchases.cancel, () => ({ refundedCents: 12_000 }));
      setQuery(api.tickets.mine, [bought(Date.now() - DAY, Date.now() + 10 * DAY)]);
      render(<TicketsModal open onOpenChange={() => {}} />);
      await user.click(await screen.findByRole("button", { name: "Cancelar compra" }));
      const dialog = await screen.findByRole("alertdialog");
      expect(dialog).toHaveTextContent(
        "Em Show de Rock, os 2 ingressos desta compra serão cancelados e R$ 120,00 voltam para a sua carteira agora.",
      );
      expect(cancel).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole("button", { name: "Cancelar compra" }));
      expect(cancel).toHaveBeenCalledWith({ purchaseId: "p1" });
    });

    it("is not offered after 7 days, nor within 48 hours of the event", async () => {
      setQuery(api.tickets.mine, [
        { ...bought(Date.now() - 8 * DAY, Date.now() + 10 * DAY), _id: fakeId("tickets", "late") },
        { ...bought(Date.now() - DAY, Date.now() + DAY), _id: fakeId("tickets", "soon") },
      ]);
      render(<TicketsModal open onOpenChange={() => {}} />);
      expect(await screen.findAllByText("AAAAAAAAA")).toHaveLength(2);
      expect(screen.queryByRole("button", { name: "Cancelar compra" })).toBeNull();
    });
  });

  it("offers Cancelar apoio on a support's ticket, asking first", async () => {
    const user = userEvent.setup();
    const cancel = setMutation(api.tickets.cancelSupport, () => ({ refundedCents: 3_000 }));
    const supported = { ...ticket("SSSSSSSSS", "valid"), eventStartsAt: Date.now() + 10 * 86_400_000 };
    setQuery(api.tickets.mine, [{ ...supported, support: { supportedAt: Date.now(), amountCents: 3_000 } }]);
    render(<TicketsModal open onOpenChange={() => {}} />);
    await user.click(await screen.findByRole("button", { name: "Cancelar apoio" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(
      "Seu apoio a Show de Rock será cancelado, com o ingresso, e R$ 30,00 voltam para a sua carteira agora.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancelar apoio" }));
    expect(cancel).toHaveBeenCalledWith({ ticketId: "SSSSSSSSS" });
  });

  describe("Transferir ingresso", () => {
    const HOUR = 60 * 60 * 1000;
    const startingIn = (ms: number, overrides: Partial<MyTicket> = {}): MyTicket => ({
      ...ticket("TTTTTTTTT", "valid"),
      eventStartsAt: Date.now() + ms,
      ...overrides,
    });

    it("asks for the receiver's e-mail, refuses an invalid one without asking the server, then transfers", async () => {
      const user = userEvent.setup();
      const transfer = setMutation(api.ticketTransfers.transfer, () => ({ transferredTo: "caio@exemplo.com", delivered: true }));
      setQuery(api.tickets.mine, [startingIn(48 * HOUR)]);
      render(<TicketsModal open onOpenChange={() => {}} />);
      await user.click(await screen.findByRole("button", { name: "Transferir ingresso" }));
      const form = await screen.findByRole("form", { name: "Transferir ingresso" });
      const email = within(form).getByLabelText("E-mail de quem vai receber");
      await user.type(email, "caio@");
      await user.click(within(form).getByRole("button", { name: "Transferir" }));
      expect(await within(form).findByRole("alert")).toHaveTextContent(TRANSFER_MESSAGES.invalidEmail);
      expect(transfer).not.toHaveBeenCalled();
      await user.type(email, "exemplo.com");
      await user.click(within(form).getByRole("button", { name: "Transferir" }));
      expect(transfer).toHaveBeenCalledWith({ ticketId: "TTTTTTTTT", email: "caio@exemplo.com" });
    });

    it("is offered only while the server would accept: not within 24 h, nor on a used or received ticket", async () => {
      setQuery(api.tickets.mine, [
        startingIn(23 * HOUR, { _id: fakeId("tickets", "soon") }),
        startingIn(48 * HOUR, { _id: fakeId("tickets", "used"), status: "used" }),
        startingIn(48 * HOUR, { _id: fakeId("tickets", "received"), received: true }),
      ]);
      render(<TicketsModal open onOpenChange={() => {}} />);
      expect(await screen.findAllByText("TTTTTTTTT")).toHaveLength(3);
      expect(screen.queryByRole("button", { name: "Transferir ingresso" })).toBeNull();
    });

    it("shows the giver Transferido para <e-mail>, without a code to scan", async () => {
      setQuery(api.tickets.mine, [startingIn(48 * HOUR, { status: "transferred", transferredTo: "caio@exemplo.com" })]);
      render(<TicketsModal open onOpenChange={() => {}} />);
      expect(await screen.findByText("Transferido para caio@exemplo.com")).toBeInTheDocument();
      expect(screen.queryByRole("img", { name: /QR code/ })).toBeNull();
      expect(screen.queryByRole("button", { name: "Transferir ingresso" })).toBeNull();
    });

    it("tells the receiver of a meia-entrada that the document is checked at the door", async () => {
      setQuery(api.tickets.mine, [startingIn(48 * HOUR, { received: true, meiaCategory: "estudante" })]);
      render(<TicketsModal open onOpenChange={() => {}} />);
      expect(await screen.findByText(`Recebido por transferência. ${TRANSFER_MESSAGES.meiaNotice}`)).toBeInTheDocument();
    });
  });
});
