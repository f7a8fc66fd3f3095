/**
 * The door counts the tickets that can come in (`Presentes: N de M`, `Dentro do evento`): every
 * ticket issued but those cancelled since, a transferred ticket and its replacement one seat.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { writeEvent } from "../../model/events/writer";
import type { TicketTypeInput } from "../../model/shared/ticketTypes";
import { advanceClock, DAY, expectInvariants, runDueFunctions, signedInUser, type Backend, type Caller } from "../test.helpers";
import { buyNow, supportTicket, ticketedEvent } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const pista: TicketTypeInput = { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] };

async function pistaEvent() {
  const { typeIds, ...event } = await ticketedEvent([pista]);
  const bia = await signedInUser(event.t, { name: "Bia", email: "bia@exemplo.com", walletCents: 20_000 });
  const caio = await signedInUser(event.t, { name: "Caio", email: "caio@exemplo.com", walletCents: 20_000 });
  return { ...event, typeId: typeIds[0]!, bia, caio };
}

/** What both door screens say can come in. */
async function atTheDoor(creator: Caller, eventId: Id<"events">) {
  const stats = await creator.query(api.tickets.checkInStats, { eventId });
  const figures = await creator.query(api.door.figures, { eventId });
  expect(figures.issued).toBe(stats.issued);
  return stats.issued;
}

const seatsCancelled = async (t: Backend, eventId: Id<"events">) => (await t.run((ctx) => ctx.db.get("events", eventId)))!.ticketsCancelled;

test("a cancelled purchase or support gives its seats back", async () => {
  const s = await pistaEvent();
  const purchaseId = await buyNow(s.t, s.bia.as, s.eventId, s.typeId, { units: 2 });
  await buyNow(s.t, s.caio.as, s.eventId, s.typeId);
  expect(await atTheDoor(s.creator.as, s.eventId)).toBe(3);
  await advanceClock(s.t, DAY);
  await s.bia.as.mutation(api.ticketPurchases.cancel, { purchaseId });
  expect(await atTheDoor(s.creator.as, s.eventId)).toBe(1);
  await expectInvariants(s.t);

  const plain = await ticketedEvent([], { goalCents: 10_000, minSupportCents: 1_000 });
  const fan = await signedInUser(plain.t, { name: "Dora", walletCents: 5_000 });
  const ticket = await supportTicket(plain.t, fan.as, plain.eventId, 3_000);
  expect(await atTheDoor(plain.creator.as, plain.eventId)).toBe(1);
  await advanceClock(plain.t, DAY);
  await fan.as.mutation(api.tickets.cancelSupport, { ticketId: ticket._id });
  expect(await atTheDoor(plain.creator.as, plain.eventId)).toBe(0);
  await expectInvariants(plain.t);
});

test("a transferred ticket and its replacement are one seat: cancelled with the event, one seat is given back", async () => {
  const s = await pistaEvent();
  await buyNow(s.t, s.bia.as, s.eventId, s.typeId);
  const [ticket] = await s.bia.as.query(api.tickets.mine, {});
  await s.bia.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket!._id, email: "caio@exemplo.com" });
  expect(await s.caio.as.query(api.tickets.mine, {})).toHaveLength(1);
  expect(await atTheDoor(s.creator.as, s.eventId)).toBe(1);

  await s.creator.as.mutation(api.events.cancel, { id: s.eventId });
  // Void at once, before the batches reach the tickets.
  expect(await atTheDoor(s.creator.as, s.eventId)).toBe(0);
  await runDueFunctions(s.t);
  expect(await seatsCancelled(s.t, s.eventId)).toBe(1);
  await expectInvariants(s.t);
});

test("an event from before the count: the migration counts its cancelled seats once, and later ones add to it", async () => {
  const s = await pistaEvent();
  const biaPurchase = await buyNow(s.t, s.bia.as, s.eventId, s.typeId, { units: 2 });
  const caioPurchase = await buyNow(s.t, s.caio.as, s.eventId, s.typeId);
  // As stored before: no count, and a cancellation then is not counted on the event.
  await s.t.run((ctx) => writeEvent(ctx, s.eventId, { ticketsCancelled: undefined }));
  await advanceClock(s.t, DAY);
  await s.bia.as.mutation(api.ticketPurchases.cancel, { purchaseId: biaPurchase });
  expect(await seatsCancelled(s.t, s.eventId)).toBeUndefined();
  expect(await atTheDoor(s.creator.as, s.eventId)).toBe(3);

  await s.t.mutation(internal.migrations.runAll, {});
  await runDueFunctions(s.t);
  expect(await seatsCancelled(s.t, s.eventId)).toBe(2);
  expect(await atTheDoor(s.creator.as, s.eventId)).toBe(1);
  await s.t.mutation(internal.migrations.runAll, { reset: true });
  await runDueFunctions(s.t);
  expect(await seatsCancelled(s.t, s.eventId)).toBe(2);

  await s.caio.as.mutation(api.ticketPurchases.cancel, { purchaseId: caioPurchase });
  expect(await atTheDoor(s.creator.as, s.eventId)).toBe(0);
  await expectInvariants(s.t);
});
