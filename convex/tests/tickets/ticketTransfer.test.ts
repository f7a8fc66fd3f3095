import { decodeJwt } from "jose";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { ATTENDEE_STATUS_LABELS } from "../../model/shared/attendeeCsv";
import { TRANSFER_MESSAGES } from "../../model/shared/ticketTransfer";
import type { TicketTypeInput } from "../../model/shared/ticketTypes";
import {
  advanceClock,
  allRows,
  applyQueue,
  DAY,
  expectInvariants,
  HOUR,
  rejectionData,
  signedInUser,
  snapshot,
  workQueues,
  type Backend,
  type Caller,
} from "../test.helpers";
import { buyNow, supportTicket, ticketedEvent } from "../test.tickets";

// Signing in for real (the claim of a ticket waiting for an e-mail happens at sign-in).
withSigningKeys();
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Pista: 4 units, 2 of them meia, R$ 60,00 (meia R$ 30,00). */
const pista: TicketTypeInput = { name: "Pista", quantity: 4, meiaQuantity: 2, lotes: [{ priceCents: 6_000 }] };

async function setup({ startsInMs = 20 * DAY, online = false } = {}) {
  const { typeIds, ...event } = await ticketedEvent([pista], {
    startsAt: Date.now() + startsInMs,
    ...(online ? { isOnline: true, onlineUrl: "https://meet.exemplo.com/live", venueName: undefined, city: undefined, uf: undefined } : {}),
  });
  const giver = await signedInUser(event.t, { name: "Bia", email: "bia@exemplo.com", walletCents: 20_000 });
  const receiver = await signedInUser(event.t, { name: "Caio", email: "caio@exemplo.com" });
  return { ...event, typeId: typeIds[0]!, giver, receiver };
}

/** Buys one ticket (meia if asked) and returns it as Meus Ingressos shows it. */
async function buyOne(t: Backend, caller: Caller, eventId: Id<"events">, typeId: string, { meia = false } = {}) {
  const purchaseId = await buyNow(t, caller, eventId, typeId, { meia });
  const [ticket] = await caller.query(api.tickets.mine, {});
  return { ticket: ticket!, purchaseId };
}

const mine = (caller: Caller) => caller.query(api.tickets.mine, {});
const checkIn = (creator: Caller, eventId: string, code: string) => creator.action(api.tickets.checkIn, { eventId, code });
const notificationsOf = async (caller: Caller) =>
  (await caller.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } })).page;

/** Signs in through the `local` provider exactly as the client does, and acts as the result. */
async function signInLocally(t: Backend, name: string, email: string) {
  const result = await t.action(api.auth.signIn, { provider: "local", params: { name, email } });
  return t.withIdentity({ subject: decodeJwt(result.tokens!.token).sub!, issuer: process.env.CONVEX_SITE_URL! });
}

describe("Transferir ingresso", () => {
  test("an account kept with capitals in its e-mail gets the ticket at once, not at its next sign-in", async () => {
    const { t, eventId, typeId, giver } = await setup();
    const dora = await signedInUser(t, { name: "Dora", email: "Dora@Exemplo.com" });
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    expect(await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "Dora@Exemplo.com" })).toEqual({
      transferredTo: "dora@exemplo.com",
      delivered: true,
    });
    expect(await mine(dora.as)).toEqual([expect.objectContaining({ status: "valid", received: true })]);
  });

  test("the receiver holds it at once with a new code; the old code is refused at the door; the giver reads Transferido para", async () => {
    const { t, creator, eventId, typeId, giver, receiver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);

    expect(await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: " Caio@Exemplo.com " })).toEqual({
      transferredTo: "caio@exemplo.com",
      delivered: true,
    });

    const [given] = await mine(giver.as);
    expect(given).toMatchObject({ _id: ticket._id, status: "transferred", transferredTo: "caio@exemplo.com", code: ticket.code });
    const [got] = await mine(receiver.as);
    expect(got).toMatchObject({ status: "valid", received: true, typeName: "Pista", loteIndex: 0, purchase: null, support: null });
    expect(got!.code).not.toBe(ticket.code);
    const [note] = await notificationsOf(receiver.as);
    expect(note).toMatchObject({ text: `Você recebeu um ingresso de ${ticket.eventName}. Ele está em Meus Ingressos.`, unread: true });

    // At the door: the old code is refused, the new one lets the receiver in.
    expect(await rejectionData(checkIn(creator.as, eventId, ticket.code))).toEqual({
      code: "TICKET_TRANSFERRED",
      message: "Ingresso transferido.",
    });
    expect(await checkIn(creator.as, eventId, got!.code)).toMatchObject({ holderName: "Caio", code: got!.code });
    expect(await creator.as.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: 1, used: 1 });
    await expectInvariants(t);
  });

  test("a meia-entrada keeps its category, and the receiver is told the document is checked at the door", async () => {
    const { t, creator, eventId, typeId, giver, receiver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId, { meia: true });
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" });
    const [got] = await mine(receiver.as);
    expect(got).toMatchObject({ meiaCategory: "estudante", received: true });
    const [note] = await notificationsOf(receiver.as);
    expect(note!.text).toBe(
      `Você recebeu um ingresso meia-entrada de ${ticket.eventName}. Leve o documento que dá direito ao desconto: ele será conferido na entrada.`,
    );
    expect(await checkIn(creator.as, eventId, got!.code)).toMatchObject({ note: "Meia-entrada: conferir documento" });
    await expectInvariants(t);
  });

  test("an e-mail without an account holds the ticket until it first signs in; the attendee list names the current holder", async () => {
    const { t, creator, eventId, typeId, giver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId, { meia: true });
    expect(await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "dora@exemplo.com" })).toEqual({
      transferredTo: "dora@exemplo.com",
      delivered: false,
    });
    const page = () => creator.as.query(api.attendees.page, { eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect((await page()).page).toEqual([
      expect.objectContaining({ name: "", email: "dora@exemplo.com", code: "", status: "awaitingReceiver", meiaCategory: "estudante" }),
    ]);
    expect(ATTENDEE_STATUS_LABELS.awaitingReceiver).toBe("transferido, aguardando cadastro");

    vi.useRealTimers();
    const dora = await signInLocally(t, "Dora", "Dora@Exemplo.com");
    const [got] = await mine(dora);
    expect(got).toMatchObject({ status: "valid", received: true, meiaCategory: "estudante" });
    expect(got!.code).not.toBe(ticket.code);
    expect((await notificationsOf(dora)).map((note) => note.kind)).toEqual(["meiaTicketReceived"]);
    expect((await page()).page).toEqual([
      expect.objectContaining({ name: "Dora", email: "dora@exemplo.com", code: got!.code, status: "valid" }),
    ]);
    // Signing in again claims nothing twice.
    await signInLocally(t, "Dora", "dora@exemplo.com");
    expect(await mine(dora)).toHaveLength(1);
    await expectInvariants(t);
  });

  test("a ticket still waiting for its e-mail when the event is cancelled is not delivered", async () => {
    const { t, creator, eventId, typeId, giver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "dora@exemplo.com" });
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await workQueues(t);
    vi.useRealTimers();
    const dora = await signInLocally(t, "Dora", "dora@exemplo.com");
    expect(await mine(dora)).toEqual([]);
    expect(await notificationsOf(dora)).toEqual([]);
    expect((await giver.as.query(api.users.me, {}))!.walletCents).toBe(20_000);
    await expectInvariants(t);
  });

  test("an online event's link goes with the ticket: the receiver gets it, the giver loses it", async () => {
    const { t, eventId, typeId, giver, receiver } = await setup({ online: true });
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    const link = (caller: Caller) => caller.query(api.onlineAccess.link, { eventId });
    expect(await link(giver.as)).toBe("https://meet.exemplo.com/live");
    expect(await link(receiver.as)).toBeNull();
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" });
    expect(await link(giver.as)).toBeNull();
    expect(await link(receiver.as)).toBe("https://meet.exemplo.com/live");
  });

  test("a cancelled event cancels the receiver's ticket, and its money goes back to the giver who paid", async () => {
    const { t, creator, eventId, typeId, giver, receiver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" });
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await workQueues(t);
    expect((await mine(receiver.as)).map((row) => row.status)).toEqual(["cancelled"]);
    expect((await giver.as.query(api.users.me, {}))!.walletCents).toBe(20_000);
    await expectInvariants(t);
  });
});

describe("Transferir ingresso refused, with nothing changed", () => {
  async function expectRefused(t: Backend, call: () => Promise<unknown>, code: string, message: string) {
    const before = await snapshot(t);
    expect(await rejectionData(call())).toEqual({ code, message });
    expect(await snapshot(t)).toEqual(before);
  }

  test("to yourself, by your own e-mail in any case", async () => {
    const { t, eventId, typeId, giver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    for (const email of ["bia@exemplo.com", " BIA@exemplo.com"]) {
      const transfer = () => giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email });
      await expectRefused(t, transfer, "TRANSFER_TO_YOURSELF", TRANSFER_MESSAGES.toYourself);
    }
  });

  test("to an invalid e-mail", async () => {
    const { t, eventId, typeId, giver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    for (const email of [
      "",
      "caio",
      "caio@",
      "caio @exemplo.com",
      "caio@exemplo",
      `caio\u200b@exemplo.com`,
      `${"a".repeat(250)}@exemplo.com`,
      // Bounded before it is trimmed: a valid address behind a wall of spaces is refused unread.
      `caio@exemplo.com${" ".repeat(100_000)}`,
    ]) {
      const transfer = () => giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email });
      await expectRefused(t, transfer, "INVALID_EMAIL", TRANSFER_MESSAGES.invalidEmail);
    }
  });

  test("someone else's ticket, or one that does not exist", async () => {
    const { t, eventId, typeId, giver, receiver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    // Caio tries to take Bia's ticket for himself.
    const steal = () => receiver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio2@exemplo.com" });
    await expectRefused(t, steal, "TICKET_NOT_FOUND", TRANSFER_MESSAGES.ticketNotFound);
    const nothing = () => giver.as.mutation(api.ticketTransfers.transfer, { ticketId: "não-é-um-id", email: "caio@exemplo.com" });
    await expectRefused(t, nothing, "TICKET_NOT_FOUND", TRANSFER_MESSAGES.ticketNotFound);
    const signedOut = rejectionData(t.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" }));
    expect((await signedOut).code).toBe("NOT_SIGNED_IN");
  });

  test("a used ticket", async () => {
    const { t, creator, eventId, typeId, giver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    await checkIn(creator.as, eventId, ticket.code);
    const transfer = () => giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" });
    await expectRefused(t, transfer, "TICKET_USED", TRANSFER_MESSAGES.used);
  });

  test("a cancelled ticket", async () => {
    const { t, eventId, typeId, giver } = await setup();
    const { ticket, purchaseId } = await buyOne(t, giver.as, eventId, typeId);
    await giver.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    const transfer = () => giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" });
    await expectRefused(t, transfer, "TICKET_CANCELLED", TRANSFER_MESSAGES.cancelled);
  });

  test("a ticket already transferred, even while its e-mail has no account yet", async () => {
    const { t, eventId, typeId, giver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "dora@exemplo.com" });
    const again = () => giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" });
    await expectRefused(t, again, "TICKET_TRANSFERRED", TRANSFER_MESSAGES.alreadyTransferred);
  });

  test("a ticket that came by transfer moves no further: once per ticket", async () => {
    const { t, eventId, typeId, giver, receiver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" });
    const [got] = await mine(receiver.as);
    for (const email of ["dora@exemplo.com", "bia@exemplo.com"]) {
      const onward = () => receiver.as.mutation(api.ticketTransfers.transfer, { ticketId: got!._id, email });
      await expectRefused(t, onward, "TICKET_RECEIVED", TRANSFER_MESSAGES.received);
    }
  });

  test("less than 24 hours before the event (accepted just before)", async () => {
    const { t, eventId, typeId, giver } = await setup({ startsInMs: 3 * DAY });
    const first = await buyOne(t, giver.as, eventId, typeId);
    const { purchaseId } = await giver.as.mutation(api.ticketPurchases.buy, {
      eventId,
      typeId,
      loteIndex: 0,
      unitPriceCents: 6_000,
      units: 1,
      meia: false,
    });
    await applyQueue(t, eventId);
    const second = (await mine(giver.as)).find((row) => row.purchase?._id === purchaseId)!;
    await advanceClock(t, 2 * DAY - HOUR);
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: first.ticket._id, email: "caio@exemplo.com" });
    await advanceClock(t, HOUR + 1);
    const late = () => giver.as.mutation(api.ticketTransfers.transfer, { ticketId: second._id, email: "caio@exemplo.com" });
    await expectRefused(t, late, "TRANSFER_WINDOW_CLOSED", TRANSFER_MESSAGES.tooCloseToEvent);
  });

  test("a ticket of a cancelled event", async () => {
    const { t, creator, eventId, typeId, giver } = await setup();
    const { ticket } = await buyOne(t, giver.as, eventId, typeId);
    await creator.as.mutation(api.events.cancel, { id: eventId });
    const transfer = () => giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" });
    await expectRefused(t, transfer, "EVENT_OVER", TRANSFER_MESSAGES.eventOver);
  });
});

describe("a transferred ticket and cancelling", () => {
  test("the giver can no longer cancel the purchase: the ticket is someone else's now", async () => {
    const { t, eventId, typeId, giver } = await setup();
    const { ticket, purchaseId } = await buyOne(t, giver.as, eventId, typeId);
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "dora@exemplo.com" });
    const before = await snapshot(t);
    expect(await rejectionData(giver.as.mutation(api.ticketPurchases.cancel, { purchaseId }))).toEqual({
      code: "TICKET_TRANSFERRED",
      message: TRANSFER_MESSAGES.purchaseHasTransferred,
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("Meus Ingressos stops offering Cancelar compra on the purchase's other tickets, as the server refuses it", async () => {
    const { t, eventId, typeId, giver } = await setup();
    const { purchaseId } = await giver.as.mutation(api.ticketPurchases.buy, {
      eventId,
      typeId,
      loteIndex: 0,
      unitPriceCents: 6_000,
      units: 2,
      meia: false,
    });
    await applyQueue(t, eventId);
    const [first, second] = await mine(giver.as);
    expect([first!.purchase?._id, second!.purchase?._id]).toEqual([purchaseId, purchaseId]);
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: first!._id, email: "caio@exemplo.com" });
    const after = await mine(giver.as);
    expect(after.map((ticket) => [ticket.status, ticket.purchase])).toEqual([
      ["transferred", null],
      ["valid", null],
    ]);
    expect((await rejectionData(giver.as.mutation(api.ticketPurchases.cancel, { purchaseId }))).code).toBe("TICKET_TRANSFERRED");
  });

  test("the receiver is offered no cancel, and the server agrees: the purchase is not theirs", async () => {
    const { t, eventId, typeId, giver, receiver } = await setup();
    const { ticket, purchaseId } = await buyOne(t, giver.as, eventId, typeId);
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket._id, email: "caio@exemplo.com" });
    const [got] = await mine(receiver.as);
    expect(got).toMatchObject({ purchase: null, support: null });
    expect((await rejectionData(receiver.as.mutation(api.ticketPurchases.cancel, { purchaseId }))).code).toBe("PURCHASE_NOT_FOUND");
    expect((await rejectionData(receiver.as.mutation(api.tickets.cancelSupport, { ticketId: got!._id }))).code).toBe("SUPPORT_NOT_FOUND");
  });

  test("a support's ticket transferred: Cancelar apoio is refused to the giver", async () => {
    const { t, eventId } = await ticketedEvent([], { goalCents: 10_000, minSupportCents: 1_000 });
    const giver = await signedInUser(t, { name: "Bia" });
    await signedInUser(t, { name: "Caio", email: "caio@exemplo.com" });
    const ticket = await supportTicket(t, giver.as, eventId, 2_000);
    await giver.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket!._id, email: "caio@exemplo.com" });
    const before = await snapshot(t);
    expect(await rejectionData(giver.as.mutation(api.tickets.cancelSupport, { ticketId: ticket!._id }))).toEqual({
      code: "TICKET_TRANSFERRED",
      message: TRANSFER_MESSAGES.supportHasTransferred,
    });
    expect(await snapshot(t)).toEqual(before);
    expect(await allRows(t, "tickets")).toHaveLength(2);
    await expectInvariants(t);
  });
});
