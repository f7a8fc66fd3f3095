import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { TICKET_MESSAGES, type TicketTypeInput } from "../../model/shared/ticketTypes";
import { perPersonLimitMessage } from "../../model/shared/waitingList";
import { drawOrder, ROOM_BATCH, TICK_MS, TURN_MS, WAITING_ROOM_MESSAGES } from "../../model/shared/waitingRoom";
import {
  advanceClock,
  allRows,
  applyQueue,
  expectInvariants,
  HOUR,
  MINUTE,
  newBackend,
  rejectionData,
  runDueFunctions,
  signedInUser,
  snapshot,
  type Backend,
  type Caller,
} from "../test.helpers";
import { buy, ticketedEvent } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A Tecnologia talk (no meia required): `quantity` seats at R$ 10,00. */
const palestra = (quantity: number): TicketTypeInput => ({ name: "Palestra", quantity, meiaQuantity: 0, lotes: [{ priceCents: 1_000 }] });

/** An event with a room opening in an hour, letting in `perMinute` (12: one place a tick). */
async function roomEvent({
  quantity = 10,
  perMinute = 12,
  maxTicketsPerPerson,
}: { quantity?: number; perMinute?: number; maxTicketsPerPerson?: number } = {}) {
  const limit = maxTicketsPerPerson === undefined ? {} : { maxTicketsPerPerson };
  const { t, creator, eventId, typeIds } = await ticketedEvent([palestra(quantity)], { category: "Tecnologia", ...limit });
  const opensAt = Date.now() + HOUR;
  await creator.as.mutation(api.waitingRoom.configure, { eventId, opensAt, perMinute });
  return { t, creator: creator.as, eventId, typeId: typeIds[0]!, opensAt };
}

const join = (caller: Caller, eventId: string) => caller.mutation(api.waitingRoom.join, { eventId });
const mine = (caller: Caller, eventId: string) => caller.query(api.waitingRoom.mine, { eventId });
const status = (t: Backend, eventId: string) => t.query(api.waitingRoom.status, { eventId });

/** Moves the clock to the opening and lets the draw run. */
async function open(t: Backend, opensAt: number) {
  await advanceClock(t, opensAt - Date.now());
  await runDueFunctions(t);
}

async function people(t: Backend, names: string[]) {
  return Promise.all(names.map((name) => signedInUser(t, { name, walletCents: 10_000 })));
}

describe("Sala de espera: joining and the draw", () => {
  test("before the opening people join, once per account; at the opening the draw gives places, later arrivals queue after", async () => {
    const { t, eventId, opensAt } = await roomEvent();
    const [ana, beto, caio] = await people(t, ["Ana", "Beto", "Caio"]);
    await join(ana!.as, eventId);
    await join(beto!.as, eventId);
    expect(await mine(ana!.as, eventId)).toEqual({ early: true, place: null, turnEndsAt: null, turnUsed: false });
    const before = await snapshot(t);
    expect(await rejectionData(join(ana!.as, eventId))).toEqual({ code: "ALREADY_IN_ROOM", message: WAITING_ROOM_MESSAGES.alreadyIn });
    expect(await snapshot(t)).toEqual(before);
    expect(await status(t, eventId)).toMatchObject({ status: "waiting", opensAt, admittedThrough: 0 });

    await open(t, opensAt);
    const room = (await allRows(t, "waitingRooms"))[0]!;
    expect(room.seed).toMatch(/^[0-9a-f]{32}$/);
    // The draw is the seed's: anyone can recompute it from the seed and the entries.
    const entries = await allRows(t, "waitingRoomEntries");
    const order = drawOrder(
      room.seed!,
      entries.map((entry) => entry._id),
    );
    for (const entry of entries) expect(entry.place).toBe(order.indexOf(entry._id) + 1);

    await join(caio!.as, eventId);
    await advanceClock(t, TICK_MS);
    expect(await mine(caio!.as, eventId)).toMatchObject({ early: false, place: 3 });
  });

  test("a draw larger than a batch runs in scheduled batches within Convex's limits and follows the seed", async () => {
    const t = newBackend({ transactionLimits: true });
    const creator = await signedInUser(t, { name: "Organizadora" });
    const eventId = (await creator.as.mutation(api.events.create, {
      ...(await import("../test.helpers")).eventInput({
        isTicketed: true,
        category: "Tecnologia",
        startsAt: Date.now() + 20 * 24 * HOUR,
      }),
      ticketTypes: [palestra(100)],
    })) as Id<"events">;
    const opensAt = Date.now() + HOUR;
    await creator.as.mutation(api.waitingRoom.configure, { eventId, opensAt });
    const count = 2 * ROOM_BATCH + 150;
    await t.run(async (ctx) => {
      const userId = (await ctx.db.query("users").first())!._id;
      for (let i = 0; i < count; i += 1) await ctx.db.insert("waitingRoomEntries", { eventId, userId, early: true });
    });
    const room = (await allRows(t, "waitingRooms"))[0]!;
    await t.mutation(internal.waitingRoom.open, { eventId, generation: room.generation, seed: "0123456789abcdef0123456789abcdef" });
    await runDueFunctions(t);
    const entries = await allRows(t, "waitingRoomEntries");
    const order = drawOrder(
      "0123456789abcdef0123456789abcdef",
      entries.map((entry) => entry._id),
    );
    expect(entries.map((entry) => entry.place).sort((a, b) => a! - b!)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    for (const entry of entries) expect(entry.place).toBe(order.indexOf(entry._id) + 1);
    expect(await status(t, eventId)).toMatchObject({ status: "open", numbered: count });
  });
});

describe("Sala de espera: turns", () => {
  test("turns come in place order at the outflow; a turn buys once; a turn not used ends and is refused", async () => {
    const { t, eventId, typeId, opensAt } = await roomEvent({ perMinute: 12 });
    const [ana, beto] = await people(t, ["Ana", "Beto"]);
    await join(ana!.as, eventId);
    await join(beto!.as, eventId);
    const refused = await rejectionData(buy(ana!.as, eventId, typeId));
    expect(refused).toEqual({ code: "NOT_YOUR_TURN", message: WAITING_ROOM_MESSAGES.notYourTurn });
    await open(t, opensAt);
    const [first, second] = (
      await Promise.all([ana, beto].map(async (p) => ({ p: p!, place: (await mine(p!.as, eventId))!.place! })))
    ).sort((a, b) => a.place - b.place);
    // One place a tick (12 a minute): the first has a turn, the second waits for the next tick.
    expect(await mine(first!.p.as, eventId)).toMatchObject({ place: 1, turnEndsAt: Date.now() + TURN_MS, turnUsed: false });
    expect((await mine(second!.p.as, eventId))!.turnEndsAt).toBeNull();
    const before = await snapshot(t);
    expect(await rejectionData(buy(second!.p.as, eventId, typeId))).toEqual({
      code: "NOT_YOUR_TURN",
      message: WAITING_ROOM_MESSAGES.notYourTurn,
    });
    expect(await snapshot(t)).toEqual(before);

    await buy(first!.p.as, eventId, typeId, { units: 2 });
    expect(await mine(first!.p.as, eventId)).toMatchObject({ turnUsed: true });
    expect(await rejectionData(buy(first!.p.as, eventId, typeId))).toEqual({ code: "TURN_USED", message: WAITING_ROOM_MESSAGES.turnUsed });

    await advanceClock(t, TICK_MS);
    expect((await status(t, eventId))!.admittedThrough).toBe(2);
    expect((await mine(second!.p.as, eventId))!.turnEndsAt).not.toBeNull();
    // The second lets the turn run out: a purchase after it is refused, nothing charged.
    await advanceClock(t, TURN_MS);
    const late = await snapshot(t);
    expect(await rejectionData(buy(second!.p.as, eventId, typeId))).toEqual({
      code: "NOT_YOUR_TURN",
      message: WAITING_ROOM_MESSAGES.notYourTurn,
    });
    expect(await snapshot(t)).toEqual(late);
    await expectInvariants(t);
  });

  test("another account's turn is no use, a forged hold is refused, and the refused keep their place", async () => {
    const { t, eventId, typeId, opensAt } = await roomEvent({ perMinute: 12 });
    const [ana, intruso] = await people(t, ["Ana", "Intruso"]);
    await join(ana!.as, eventId);
    await open(t, opensAt);
    expect((await mine(ana!.as, eventId))!.turnEndsAt).not.toBeNull();
    const before = await snapshot(t);
    expect(await rejectionData(buy(intruso!.as, eventId, typeId))).toEqual({
      code: "NOT_YOUR_TURN",
      message: WAITING_ROOM_MESSAGES.notYourTurn,
    });
    const entry = (await allRows(t, "waitingRoomEntries"))[0]!;
    const forged = await rejectionData(buy(intruso!.as, eventId, typeId, { holdId: entry._id }));
    expect(forged.code).not.toBe("NOT_YOUR_TURN");
    expect(await snapshot(t)).toEqual(before);
    await buy(ana!.as, eventId, typeId);
  });

  test("Máximo por pessoa and prices hold within a turn", async () => {
    const { t, eventId, typeId, opensAt } = await roomEvent({ maxTicketsPerPerson: 1 });
    const [ana] = await people(t, ["Ana"]);
    await join(ana!.as, eventId);
    await open(t, opensAt);
    expect(await rejectionData(buy(ana!.as, eventId, typeId, { units: 2 }))).toEqual({
      code: "PER_PERSON_LIMIT",
      message: perPersonLimitMessage(1),
    });
    expect(await rejectionData(buy(ana!.as, eventId, typeId, { unitPriceCents: 500 }))).toEqual({
      code: "PRICE_CHANGED",
      message: TICKET_MESSAGES.priceChanged,
    });
    // The refusal kept the turn: the right price buys.
    await buy(ana!.as, eventId, typeId);
  });
});

describe("Sala de espera: the end and bad input", () => {
  test("the last ticket sold: the room says Esgotado to everyone at once, and joining after is refused", async () => {
    const { t, eventId, typeId, opensAt } = await roomEvent({ quantity: 1 });
    const [ana, beto] = await people(t, ["Ana", "Beto"]);
    await join(ana!.as, eventId);
    await open(t, opensAt);
    await buy(ana!.as, eventId, typeId);
    // The queue decides the sale with the clock standing still: no tick of the room runs in between.
    await applyQueue(t, eventId as Id<"events">);
    expect((await status(t, eventId))!.status).toBe("soldOut");
    const before = await snapshot(t);
    expect(await rejectionData(join(beto!.as, eventId))).toEqual({ code: "SALE_ENDED", message: WAITING_ROOM_MESSAGES.saleEnded });
    expect(await snapshot(t)).toEqual(before);
  });

  test("the last unit given as a cortesia ends the room at once too", async () => {
    const { t, creator, eventId, typeId, opensAt } = await roomEvent({ quantity: 2 });
    const [ana] = await people(t, ["Ana"]);
    await join(ana!.as, eventId);
    await open(t, opensAt);
    await buy(ana!.as, eventId, typeId);
    await applyQueue(t, eventId as Id<"events">);
    expect((await status(t, eventId))!.status).toBe("open");
    await creator.mutation(api.courtesies.setLimit, { eventId, limit: 2 });
    // The clock stands still: the cortesia, not a tick, ends the room.
    await creator.mutation(api.courtesies.issue, { eventId, typeId, emails: ["convidada@exemplo.com"] });
    expect((await status(t, eventId))!.status).toBe("soldOut");
  });

  test("only the organizer sets the opening, in the future, before the event, and not once it opened", async () => {
    const { t, creator, eventId, opensAt } = await roomEvent();
    const [ana] = await people(t, ["Ana"]);
    expect((await rejectionData(ana!.as.mutation(api.waitingRoom.configure, { eventId, opensAt: null }))).code).toBe("NOT_THE_ORGANIZER");
    expect(await rejectionData(creator.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() - MINUTE }))).toEqual({
      code: "INVALID_SALE_OPENING",
      message: WAITING_ROOM_MESSAGES.opensInPast,
    });
    expect(
      (await rejectionData(creator.mutation(api.waitingRoom.configure, { eventId, opensAt: opensAt + MINUTE, perMinute: 0 }))).message,
    ).toBe(WAITING_ROOM_MESSAGES.invalidPerMinute);
    await open(t, opensAt);
    expect(await rejectionData(creator.mutation(api.waitingRoom.configure, { eventId, opensAt: null }))).toEqual({
      code: "INVALID_SALE_OPENING",
      message: WAITING_ROOM_MESSAGES.alreadyOpened,
    });
    expect(await rejectionData(ana!.as.mutation(api.waitingRoom.join, { eventId: "nada" }))).toMatchObject({ code: "EVENT_NOT_FOUND" });
  });

  test("a moved opening leaves the first scheduled one without effect", async () => {
    const { t, creator, eventId, opensAt } = await roomEvent();
    await creator.mutation(api.waitingRoom.configure, { eventId, opensAt: opensAt + HOUR, perMinute: 12 });
    await open(t, opensAt);
    expect((await status(t, eventId))!.status).toBe("waiting");
    await open(t, opensAt + HOUR);
    expect((await status(t, eventId))!.status).toBe("open");
  });
});
