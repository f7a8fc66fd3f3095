import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { TicketTypeInput } from "../../model/shared/ticketTypes";
import { perPersonLimitMessage, WAITING_LIST_MESSAGES } from "../../model/shared/waitingList";
import { createEvent, eventInput, expectInvariants, rejectionData, signedInUser, snapshot } from "../test.helpers";
import { buy, buyNow, ticketedEvent, ticketTypesEdit } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const pista: TicketTypeInput = { name: "Pista", quantity: 20, meiaQuantity: 8, lotes: [{ priceCents: 1_000 }] };
const camarote: TicketTypeInput = { name: "Camarote", quantity: 2, meiaQuantity: 1, lotes: [{ priceCents: 2_000 }] };

async function setup(maxTicketsPerPerson: number | undefined) {
  const { typeIds, ...event } = await ticketedEvent([pista, camarote], maxTicketsPerPerson === undefined ? {} : { maxTicketsPerPerson });
  return { ...event, pistaId: typeIds[0]!, camaroteId: typeIds[1]! };
}

describe("Máximo por pessoa", () => {
  test("the units a person holds across types count: one purchase past the limit is refused before paying, nothing written", async () => {
    const { t, eventId, pistaId, camaroteId } = await setup(3);
    const fan = await signedInUser(t, { name: "Bia", walletCents: 20_000 });
    await buyNow(t, fan.as, eventId, pistaId, { units: 2 });
    const before = await snapshot(t);
    expect(await rejectionData(buy(fan.as, eventId, camaroteId, { units: 2 }))).toEqual({
      code: "PER_PERSON_LIMIT",
      message: "Limite de 3 ingressos por pessoa neste evento.",
    });
    expect(await rejectionData(buy(fan.as, eventId, pistaId, { units: 2 }))).toMatchObject({ code: "PER_PERSON_LIMIT" });
    expect(await snapshot(t)).toEqual(before);
    // Up to the limit is fine; someone else has their own count.
    await buyNow(t, fan.as, eventId, camaroteId, { units: 1 });
    const other = await signedInUser(t, { name: "Caio", walletCents: 20_000 });
    await buyNow(t, other.as, eventId, pistaId, { units: 3 });
    await expectInvariants(t);
  });

  test("purchases still pending in the event's queue count", async () => {
    const { t, eventId, pistaId } = await setup(4);
    const fan = await signedInUser(t, { name: "Bia", walletCents: 20_000 });
    // The clock stands still: the second purchase waits in the queue behind the first.
    await buy(fan.as, eventId, pistaId, { units: 2 });
    const { purchaseId } = await buy(fan.as, eventId, pistaId, { units: 2 });
    expect(await fan.as.query(api.ticketPurchases.outcome, { purchaseId })).toMatchObject({ status: "pending" });
    expect((await rejectionData(buy(fan.as, eventId, pistaId, { units: 1 }))).message).toBe(perPersonLimitMessage(4));
  });

  test("cancelled tickets stop counting", async () => {
    const { t, eventId, pistaId } = await setup(3);
    const fan = await signedInUser(t, { name: "Bia", walletCents: 20_000 });
    const purchaseId = await buyNow(t, fan.as, eventId, pistaId, { units: 3 });
    expect((await rejectionData(buy(fan.as, eventId, pistaId, { units: 1 }))).code).toBe("PER_PERSON_LIMIT");
    await fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    await buyNow(t, fan.as, eventId, pistaId, { units: 3 });
    await expectInvariants(t);
  });

  test("a ticket given to someone else stops counting for the giver and counts for the receiver", async () => {
    const { t, eventId, pistaId } = await setup(2);
    const fan = await signedInUser(t, { name: "Bia", walletCents: 20_000 });
    const friend = await signedInUser(t, { name: "Caio", email: "caio@exemplo.com", walletCents: 20_000 });
    await buyNow(t, fan.as, eventId, pistaId, { units: 2 });
    expect((await rejectionData(buy(fan.as, eventId, pistaId, { units: 1 }))).code).toBe("PER_PERSON_LIMIT");
    const [ticket] = await fan.as.query(api.tickets.mine, {});
    await fan.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket!._id, email: "caio@exemplo.com" });
    await buyNow(t, fan.as, eventId, pistaId, { units: 1 });
    await buyNow(t, friend.as, eventId, pistaId, { units: 1 });
    expect((await rejectionData(buy(friend.as, eventId, pistaId, { units: 1 }))).message).toBe(perPersonLimitMessage(2));
    await expectInvariants(t);
  });

  test("a place on the waiting list counts, and joining past the limit is refused", async () => {
    const { t, eventId, pistaId, camaroteId } = await setup(2);
    const a = await signedInUser(t, { name: "Ana", walletCents: 20_000 });
    const b = await signedInUser(t, { name: "Beto", walletCents: 20_000 });
    await buyNow(t, a.as, eventId, camaroteId, { units: 1 });
    await buyNow(t, b.as, eventId, pistaId, { units: 2 });
    // Camarote's inteira is gone; Beto holds 2 already.
    expect((await rejectionData(b.as.mutation(api.waitingList.join, { eventId, typeId: camaroteId, units: 1, meia: false }))).message).toBe(
      perPersonLimitMessage(2),
    );
    const fan = await signedInUser(t, { name: "Caio", walletCents: 20_000 });
    await fan.as.mutation(api.waitingList.join, { eventId, typeId: camaroteId, units: 2, meia: false });
    expect((await rejectionData(buy(fan.as, eventId, pistaId, { units: 1 }))).message).toBe(perPersonLimitMessage(2));
  });

  test("the organizer sets it with the types, 1 to 100; it reaches the Ingressos block; without it there is no limit", async () => {
    const { t, creator } = await setup(undefined);
    for (const bad of [0, 101, 2.5]) {
      const refused = createEvent(creator.as, { isTicketed: true, ticketTypes: [pista], maxTicketsPerPerson: bad });
      expect((await rejectionData(refused)).message).toBe(WAITING_LIST_MESSAGES.invalidLimit);
    }
    const eventId = await creator.as.mutation(
      api.events.create,
      eventInput({ isTicketed: true, ticketTypes: [pista], maxTicketsPerPerson: 4 }),
    );
    const [type] = await t.query(api.ticketTypes.forEvent, { eventId });
    expect(type!.maxPerPerson).toBe(4);
    const edit = await ticketTypesEdit(creator.as, eventId, [{ ...pista, id: type!._id }]);
    await creator.as.mutation(api.events.update, { ...edit, maxTicketsPerPerson: 2 });
    expect((await t.query(api.ticketTypes.forEvent, { eventId }))[0]!.maxPerPerson).toBe(2);
    await creator.as.mutation(api.events.update, edit);
    expect((await t.query(api.ticketTypes.forEvent, { eventId }))[0]!.maxPerPerson).toBeNull();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    for (let round = 0; round < 3; round++) await buyNow(t, fan.as, eventId as Id<"events">, type!._id, { units: 4 });
  });
});
