import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { TICKET_MESSAGES, type TicketTypeInput } from "../../model/shared/ticketTypes";
import { HOLD_MS, WAITING_LIST_MESSAGES } from "../../model/shared/waitingList";
import {
  advanceClock,
  allRows,
  DAY,
  expectInvariants,
  MINUTE,
  rejectionData,
  signedInUser,
  snapshot,
  type Backend,
  type Caller,
} from "../test.helpers";
import { buy, buyNow, ticketedEvent, ticketTypesEdit } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Pista: 3 units, 2 of them meia (the law's 40%), R$ 60,00 (meia R$ 30,00). */
const pista: TicketTypeInput = { name: "Pista", quantity: 3, meiaQuantity: 2, lotes: [{ priceCents: 6_000 }] };

async function setup(type: TicketTypeInput = pista, category = "Música") {
  const { typeIds, ...event } = await ticketedEvent([type], { category });
  return { ...event, typeId: typeIds[0]! };
}

/** Buys the whole type out: the inteira by `inteira`, the two meia by `meia`. */
async function sellOut(t: Backend, eventId: Id<"events">, typeId: string) {
  const inteira = await signedInUser(t, { name: "Ana", walletCents: 50_000 });
  const meia = await signedInUser(t, { name: "Beto", walletCents: 50_000 });
  const inteiraPurchase = await buyNow(t, inteira.as, eventId, typeId);
  const meiaPurchase = await buyNow(t, meia.as, eventId, typeId, { units: 2, meia: true });
  return { inteira, meia, inteiraPurchase, meiaPurchase };
}

/** The type sold out, then Caio and Dani in its line for one inteira each, in that order. */
async function soldOutWithALine(t: Backend, eventId: Id<"events">, typeId: string) {
  const sold = await sellOut(t, eventId, typeId);
  const caio = await signedInUser(t, { name: "Caio", walletCents: 20_000 });
  const dani = await signedInUser(t, { name: "Dani", walletCents: 20_000 });
  await join(caio.as, eventId, typeId);
  await join(dani.as, eventId, typeId);
  return { ...sold, caio, dani };
}

const join = (caller: Caller, eventId: string, typeId: string, { units = 1, meia = false } = {}) =>
  caller.mutation(api.waitingList.join, { eventId, typeId, units, meia });
const mine = (caller: Caller, eventId: string) => caller.query(api.waitingList.mine, { eventId });

describe("Lista de espera: joining", () => {
  test("a type on sale is refused, and nothing is written", async () => {
    const { t, eventId, typeId } = await setup();
    const fan = await signedInUser(t, { name: "Caio" });
    const before = await snapshot(t);
    expect(await rejectionData(join(fan.as, eventId, typeId))).toEqual({
      code: "WAITING_LIST_REFUSED",
      message: WAITING_LIST_MESSAGES.onSale,
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a sold-out option takes a line in join order, each sees their position live; twice is refused; leaving moves the rest up", async () => {
    const { t, eventId, typeId } = await setup();
    await sellOut(t, eventId, typeId);
    const [caio, dani, edu] = await Promise.all(["Caio", "Dani", "Edu"].map((name) => signedInUser(t, { name })));
    await join(caio!.as, eventId, typeId);
    await join(dani!.as, eventId, typeId, { units: 2 });
    await join(edu!.as, eventId, typeId);
    expect(await mine(edu!.as, eventId)).toMatchObject([{ status: "waiting", position: 3, units: 1, meia: false }]);
    expect(await mine(dani!.as, eventId)).toMatchObject([{ status: "waiting", position: 2, units: 2 }]);

    const before = await snapshot(t);
    expect(await rejectionData(join(dani!.as, eventId, typeId))).toEqual({
      code: "WAITING_LIST_REFUSED",
      message: WAITING_LIST_MESSAGES.alreadyWaiting,
    });
    expect(await snapshot(t)).toEqual(before);

    const [caioEntry] = await mine(caio!.as, eventId);
    await caio!.as.mutation(api.waitingList.leave, { entryId: caioEntry!.entryId });
    expect(await mine(caio!.as, eventId)).toEqual([]);
    expect(await mine(edu!.as, eventId)).toMatchObject([{ position: 2 }]);
  });

  test("meia on a type without meia, bad units and an unknown type are refused", async () => {
    const { t, eventId, typeId } = await setup(
      { name: "Palestra", quantity: 1, meiaQuantity: 0, lotes: [{ priceCents: 1_000 }] },
      "Tecnologia",
    );
    const fan = await signedInUser(t, { name: "Caio" });
    expect((await rejectionData(join(fan.as, eventId, typeId, { meia: true }))).message).toBe(WAITING_LIST_MESSAGES.noMeia);
    expect((await rejectionData(join(fan.as, eventId, typeId, { units: 5 }))).message).toBe(TICKET_MESSAGES.invalidUnits);
    expect((await rejectionData(join(fan.as, eventId, eventId))).message).toBe(TICKET_MESSAGES.typeNotFound);
  });
});

describe("Lista de espera: holds", () => {
  test("a cancelled purchase's unit is held for the first in line for 30 minutes: notified, not on sale to anyone else, bought with the hold", async () => {
    const { t, eventId, typeId } = await setup();
    const { inteira, inteiraPurchase, caio, dani } = await soldOutWithALine(t, eventId, typeId);

    await advanceClock(t, DAY);
    await inteira.as.mutation(api.ticketPurchases.cancel, { purchaseId: inteiraPurchase });

    const [hold] = await mine(caio.as, eventId);
    expect(hold).toMatchObject({ status: "held", heldUnits: 1, unitPriceCents: 6_000, holdUntil: Date.now() + HOLD_MS });
    expect(await mine(dani.as, eventId)).toMatchObject([{ status: "waiting", position: 1 }]);
    const bell = await caio.as.query(api.notifications.list, { paginationOpts: { numItems: 5, cursor: null } });
    expect(bell.page[0]).toMatchObject({ kind: "ticketsHeld" });
    // Nobody else sees it: the type still reads sold out, and a buyer is refused before paying.
    const [type] = await t.query(api.ticketTypes.forEvent, { eventId });
    expect(type!.sales.inteiraSold).toBe(1);
    const before = await snapshot(t);
    expect((await rejectionData(buy(dani.as, eventId, typeId))).message).toBe(TICKET_MESSAGES.soldOut);
    // Nor with Caio's hold.
    expect(await rejectionData(buy(dani.as, eventId, typeId, { holdId: hold!.entryId }))).toEqual({
      code: "HOLD_NOT_YOURS",
      message: WAITING_LIST_MESSAGES.notYours,
    });
    expect(await snapshot(t)).toEqual(before);
    await expectInvariants(t);

    const purchaseId = await buyNow(t, caio.as, eventId, typeId, { holdId: hold!.entryId });
    expect(await caio.as.query(api.ticketPurchases.outcome, { purchaseId })).toMatchObject({ status: "issued", units: 1 });
    expect(await mine(caio.as, eventId)).toEqual([]);
    expect((await caio.as.query(api.users.me, {}))!.walletCents).toBe(14_000);
    // Bought: the lapse of the 30 minutes changes nothing.
    await advanceClock(t, HOLD_MS);
    expect(await mine(dani.as, eventId)).toMatchObject([{ status: "waiting", position: 1 }]);
    await expectInvariants(t);
  });

  test("an unbought hold passes to the next in line after 30 minutes; with nobody left it goes back on sale", async () => {
    const { t, eventId, typeId } = await setup();
    const { inteira, inteiraPurchase, caio, dani } = await soldOutWithALine(t, eventId, typeId);
    await inteira.as.mutation(api.ticketPurchases.cancel, { purchaseId: inteiraPurchase });
    const [caioHold] = await mine(caio.as, eventId);

    await advanceClock(t, HOLD_MS - MINUTE);
    expect(await mine(caio.as, eventId)).toMatchObject([{ status: "held" }]);
    await advanceClock(t, MINUTE);
    expect(await mine(caio.as, eventId)).toEqual([]);
    expect(await mine(dani.as, eventId)).toMatchObject([{ status: "held", heldUnits: 1 }]);
    expect((await rejectionData(buyNow(t, caio.as, eventId, typeId, { holdId: caioHold!.entryId }))).message).toBe(
      WAITING_LIST_MESSAGES.holdGone,
    );
    await expectInvariants(t);

    await advanceClock(t, HOLD_MS);
    expect(await mine(dani.as, eventId)).toEqual([]);
    const [type] = await t.query(api.ticketTypes.forEvent, { eventId });
    expect(type!.sales.inteiraSold).toBe(0);
    // Back on sale: anyone may buy it, and joining is refused again.
    const edu = await signedInUser(t, { name: "Edu", walletCents: 20_000 });
    expect((await rejectionData(join(edu.as, eventId, typeId))).message).toBe(WAITING_LIST_MESSAGES.onSale);
    await buyNow(t, edu.as, eventId, typeId);
    await expectInvariants(t);
  });

  test("a hold given up goes to the next in line at once", async () => {
    const { t, eventId, typeId } = await setup();
    const { inteira, inteiraPurchase, caio, dani } = await soldOutWithALine(t, eventId, typeId);
    await inteira.as.mutation(api.ticketPurchases.cancel, { purchaseId: inteiraPurchase });
    const [hold] = await mine(caio.as, eventId);
    await caio.as.mutation(api.waitingList.leave, { entryId: hold!.entryId });
    expect(await mine(dani.as, eventId)).toMatchObject([{ status: "held" }]);
    await expectInvariants(t);
  });

  test("meia comes back to the first waiting for meia, even behind someone waiting for inteira; a partial hold is what came back", async () => {
    const { t, eventId, typeId } = await setup();
    const { meia, meiaPurchase } = await sellOut(t, eventId, typeId);
    const caio = await signedInUser(t, { name: "Caio" });
    const dani = await signedInUser(t, { name: "Dani", walletCents: 20_000 });
    await join(caio.as, eventId, typeId);
    await join(dani.as, eventId, typeId, { units: 4, meia: true });
    await meia.as.mutation(api.ticketPurchases.cancel, { purchaseId: meiaPurchase });

    expect(await mine(caio.as, eventId)).toMatchObject([{ status: "waiting", position: 1 }]);
    const [hold] = await mine(dani.as, eventId);
    // Dani asked for 4, 2 came back: 2 held at the meia price.
    expect(hold).toMatchObject({ status: "held", units: 4, heldUnits: 2, meia: true, unitPriceCents: 3_000 });
    expect((await rejectionData(buyNow(t, dani.as, eventId, typeId, { units: 4, meia: true, holdId: hold!.entryId }))).message).toBe(
      WAITING_LIST_MESSAGES.holdMismatch,
    );
    await buyNow(t, dani.as, eventId, typeId, { units: 2, meia: true, holdId: hold!.entryId });
    const tickets = await dani.as.query(api.tickets.mine, {});
    expect(tickets.map((ticket) => ticket.meiaCategory)).toEqual(["estudante", "estudante"]);
    await expectInvariants(t);
  });

  test("an organizer raising the quantity holds the new units for the line first", async () => {
    const { t, creator, eventId, typeId } = await setup();
    await sellOut(t, eventId, typeId);
    const caio = await signedInUser(t, { name: "Caio" });
    await join(caio.as, eventId, typeId, { units: 2 });
    await creator.as.mutation(api.events.update, await ticketTypesEdit(creator.as, eventId, [{ ...pista, id: typeId, quantity: 4 }]));
    expect(await mine(caio.as, eventId)).toMatchObject([{ status: "held", heldUnits: 1 }]);
    const [type] = await t.query(api.ticketTypes.forEvent, { eventId });
    expect(type!.sales.inteiraSold).toBe(2);
    await expectInvariants(t);
  });

  test("sales that end during a hold: buying it is refused, and at its end the units are simply given back", async () => {
    const endsAt = Date.now() + 3 * DAY + 10 * MINUTE;
    const { t, eventId, typeId } = await setup({ ...pista, lotes: [{ priceCents: 6_000, endsAt }] });
    const { inteira, inteiraPurchase } = await sellOut(t, eventId, typeId);
    const caio = await signedInUser(t, { name: "Caio", walletCents: 20_000 });
    await join(caio.as, eventId, typeId);
    await advanceClock(t, 3 * DAY);
    await inteira.as.mutation(api.ticketPurchases.cancel, { purchaseId: inteiraPurchase });
    const [hold] = await mine(caio.as, eventId);
    expect(hold).toMatchObject({ status: "held" });
    await advanceClock(t, 15 * MINUTE);
    expect((await rejectionData(buyNow(t, caio.as, eventId, typeId, { holdId: hold!.entryId }))).message).toBe(TICKET_MESSAGES.salesEnded);
    await advanceClock(t, HOLD_MS);
    expect(await mine(caio.as, eventId)).toEqual([]);
    const [type] = await t.query(api.ticketTypes.forEvent, { eventId });
    expect(type!.sales.inteiraSold).toBe(0);
    expect((await rejectionData(join(caio.as, eventId, typeId))).message).toBe(TICKET_MESSAGES.salesEnded);
    await expectInvariants(t);
  });

  test("a cancelled event holds nothing and shows no line", async () => {
    const { t, creator, eventId, typeId } = await setup();
    await sellOut(t, eventId, typeId);
    const caio = await signedInUser(t, { name: "Caio" });
    await join(caio.as, eventId, typeId);
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await advanceClock(t, 0);
    expect(await mine(caio.as, eventId)).toEqual([]);
    expect((await allRows(t, "waitingListEntries")).map((row) => row.status)).toEqual(["waiting"]);
    expect((await rejectionData(join(caio.as, eventId, typeId))).code).toBe("EVENT_CANCELLED");
  });
});
