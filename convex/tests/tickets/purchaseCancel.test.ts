import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { BUYER_RIGHTS_MESSAGES } from "../../model/shared/buyerRights";
import { MESSAGES } from "../../model/shared/texts";
import type { TicketTypeInput } from "../../model/shared/ticketTypes";
import {
  advanceClock,
  allRows,
  DAY,
  expectInvariants,
  HOUR,
  rejectionData,
  signedInUser,
  snapshot,
  type Backend,
  type Caller,
} from "../test.helpers";
import { buyNow, ticketedEvent } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Pista: 4 units, 2 of them meia, R$ 60,00 (meia R$ 30,00). */
const pista: TicketTypeInput = { name: "Pista", quantity: 4, meiaQuantity: 2, lotes: [{ priceCents: 6_000 }] };

async function setup({ startsInMs = 20 * DAY, goalCents = 1_000_000 } = {}) {
  const { typeIds, ...event } = await ticketedEvent([pista], { goalCents, startsAt: Date.now() + startsInMs });
  return { ...event, typeId: typeIds[0]! };
}

const me = async (caller: Caller) => (await caller.query(api.users.me, {}))!;
const restam = async (caller: Caller, eventId: string) => {
  const [type] = await caller.query(api.ticketTypes.forEvent, { eventId });
  return { inteira: type!.sales.inteiraSold, meia: type!.sales.meiaSold };
};
const eventOf = (caller: Caller, eventId: string) => caller.query(api.events.get, { id: eventId });

describe("Cancelar compra", () => {
  test("the whole purchase comes back: tickets cancelled, money back at once, Arrecadado down, units on sale again", async () => {
    const { t, creator, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 20_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId, { units: 2 });
    expect((await me(fan.as)).walletCents).toBe(8_000);
    expect((await eventOf(fan.as, eventId))!.raisedCents).toBe(12_000);
    expect(await restam(fan.as, eventId)).toEqual({ inteira: 2, meia: 0 });

    await advanceClock(t, 6 * DAY);
    expect(await fan.as.mutation(api.ticketPurchases.cancel, { purchaseId })).toEqual({ refundedCents: 12_000 });

    expect((await me(fan.as)).walletCents).toBe(20_000);
    expect((await eventOf(fan.as, eventId))!.raisedCents).toBe(0);
    expect(await restam(fan.as, eventId)).toEqual({ inteira: 0, meia: 0 });
    const tickets = await fan.as.query(api.tickets.mine, {});
    expect(tickets.map((ticket) => ticket.status)).toEqual(["cancelled", "cancelled"]);
    expect(await fan.as.query(api.ticketPurchases.outcome, { purchaseId })).toMatchObject({ status: "cancelled" });
    const statement = await fan.as.query(api.wallet.statement, { paginationOpts: { numItems: 5, cursor: null } });
    expect(statement.page[0]).toMatchObject({
      description: `Estorno da compra – ${(await eventOf(fan.as, eventId))!.name}`,
      amountCents: 12_000,
    });

    // At the door, its codes are refused.
    const door = creator.as.action(api.tickets.checkIn, { eventId, code: tickets[0]!.code });
    expect(await rejectionData(door)).toMatchObject({ code: "TICKET_CANCELLED", message: MESSAGES.ticketCancelled });
    await expectInvariants(t);
  });

  test("promotional money comes back as promotional: a cancellation never makes the welcome bonus withdrawable", async () => {
    const { t, eventId, typeId } = await setup();
    // All of this wallet is the welcome bonus (promotional).
    const fan = await signedInUser(t, { name: "Bia", walletCents: 10_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId);
    await fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    const user = await t.run((ctx) => ctx.db.get("users", fan.userId));
    expect(user).toMatchObject({ walletCents: 10_000, promoCents: 10_000 });
    await expectInvariants(t);
  });

  test("a meia-entrada goes back to the meia reserve, and a sold-out type sells again", async () => {
    const { t, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const other = await signedInUser(t, { name: "Caio", walletCents: 50_000 });
    const meia = await buyNow(t, fan.as, eventId, typeId, { units: 2, meia: true });
    await buyNow(t, other.as, eventId, typeId, { units: 2 });
    const soldOut = other.as.mutation(api.ticketPurchases.buy, {
      eventId,
      typeId,
      loteIndex: 0,
      unitPriceCents: 3_000,
      units: 1,
      meia: true,
      meiaCategory: "estudante",
    });
    expect((await rejectionData(soldOut)).code).toBe("SOLD_OUT");

    await fan.as.mutation(api.ticketPurchases.cancel, { purchaseId: meia });
    expect(await restam(fan.as, eventId)).toEqual({ inteira: 2, meia: 0 });
    await buyNow(t, other.as, eventId, typeId, { units: 1, meia: true });
    expect(await restam(fan.as, eventId)).toEqual({ inteira: 2, meia: 1 });
    await expectInvariants(t);
  });

  test("the buyer's only purchase cancelled: no longer a supporter of the event", async () => {
    const { t, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const first = await buyNow(t, fan.as, eventId, typeId);
    await buyNow(t, fan.as, eventId, typeId);
    await fan.as.mutation(api.ticketPurchases.cancel, { purchaseId: first });
    expect((await eventOf(fan.as, eventId))!.uniqueSupporters).toBe(1);
    await expectInvariants(t);
  });

  test("a cancellation that takes a concluded event back below its goal opens supporting again", async () => {
    const { t, eventId, typeId } = await setup({ goalCents: 6_000 });
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId);
    expect((await eventOf(fan.as, eventId))!.supportClosedReason).toBe("concluded");
    await fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    expect((await eventOf(fan.as, eventId))!.supportClosedReason).toBeNull();
    await expectInvariants(t);
  });
});

describe("Cancelar compra refused, with nothing changed", () => {
  async function refusedWithNothingChanged(t: Backend, attempt: () => Promise<unknown>) {
    const before = await snapshot(t);
    const refusal = await rejectionData(attempt());
    expect(await snapshot(t)).toEqual(before);
    return refusal.message;
  }

  test("twice", async () => {
    const { t, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId);
    await fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    const again = () => fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    expect(await refusedWithNothingChanged(t, again)).toBe(BUYER_RIGHTS_MESSAGES.alreadyCancelled);
    await expectInvariants(t);
  });

  test("someone else's purchase, or an id that is not one", async () => {
    const { t, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const thief = await signedInUser(t, { name: "Caio", walletCents: 50_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId);
    const steal = () => thief.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    expect(await refusedWithNothingChanged(t, steal)).toBe(BUYER_RIGHTS_MESSAGES.purchaseNotFound);
    const junk = () => thief.as.mutation(api.ticketPurchases.cancel, { purchaseId: "nada" });
    expect(await refusedWithNothingChanged(t, junk)).toBe(BUYER_RIGHTS_MESSAGES.purchaseNotFound);
  });

  test("signed out", async () => {
    const { t, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId);
    expect((await rejectionData(t.mutation(api.ticketPurchases.cancel, { purchaseId }))).code).toBe("NOT_SIGNED_IN");
  });

  test("more than 7 days after buying", async () => {
    const { t, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId);
    await advanceClock(t, 7 * DAY + 1);
    const late = () => fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    expect(await refusedWithNothingChanged(t, late)).toBe(BUYER_RIGHTS_MESSAGES.afterSevenDays);
  });

  test("less than 48 hours before the event", async () => {
    const { t, eventId, typeId } = await setup({ startsInMs: 3 * DAY });
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId);
    await advanceClock(t, DAY + 1);
    const late = () => fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    expect(await refusedWithNothingChanged(t, late)).toBe(BUYER_RIGHTS_MESSAGES.tooCloseToEvent);
    // 48 h exactly before is still inside the window.
    const { t: t2, eventId: e2, typeId: ty2 } = await setup({ startsInMs: 48 * HOUR });
    const fan2 = await signedInUser(t2, { name: "Bia", walletCents: 50_000 });
    const inTime = await buyNow(t2, fan2.as, e2, ty2);
    await expect(fan2.as.mutation(api.ticketPurchases.cancel, { purchaseId: inTime })).resolves.toEqual({ refundedCents: 6_000 });
  });

  test("a ticket of the purchase already used at the door", async () => {
    const { t, creator, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId, { units: 2 });
    const [ticket] = await fan.as.query(api.tickets.mine, {});
    await creator.as.action(api.tickets.checkIn, { eventId, code: ticket!.code });
    const used = () => fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    expect(await refusedWithNothingChanged(t, used)).toBe(BUYER_RIGHTS_MESSAGES.ticketUsed);
    // Meus Ingressos no longer offers it on either ticket of that purchase.
    const after = await fan.as.query(api.tickets.mine, {});
    expect(after.map((row) => [row.status, row.purchase])).toEqual(
      expect.arrayContaining([
        ["used", null],
        ["valid", null],
      ]),
    );
  });

  test("an event the organizer cancelled (its refund already gave everything back)", async () => {
    const { t, creator, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, typeId);
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const late = () => fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    expect(await refusedWithNothingChanged(t, late)).toBe(BUYER_RIGHTS_MESSAGES.eventOver);
    expect((await me(fan.as)).walletCents).toBe(50_000);
    await expectInvariants(t);
  });
});

test("Meus Ingressos names the purchase of each bought ticket, for `Cancelar compra`", async () => {
  const { t, eventId, typeId } = await setup();
  const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
  const purchaseId = await buyNow(t, fan.as, eventId, typeId, { units: 2 });
  const tickets = await fan.as.query(api.tickets.mine, {});
  expect(tickets.map((ticket) => ticket.purchase)).toEqual([
    expect.objectContaining({ _id: purchaseId, units: 2, amountCents: 12_000 }),
    expect.objectContaining({ _id: purchaseId, units: 2, amountCents: 12_000 }),
  ]);
  expect(await allRows(t, "tickets")).toHaveLength(2);
});
