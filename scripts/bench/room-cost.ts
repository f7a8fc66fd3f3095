/**
 * What the `Sala de espera` reads as it grows, counted by Convex's transaction metrics on the
 * real functions (convex-test with Convex's limits): a room of `entries` places, drawn and
 * open, nobody let in yet. One step of the outflow (the counter moves by OUTFLOW_BATCH and
 * those places get their turns), and what a page waiting at the last place runs when the
 * counter moves (`waitingRoom:status`; its `waitingRoom:mine` reads only its own entry and
 * runs again only when that entry changes). Both should stay the same at every room size.
 */
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { OUTFLOW_BATCH, TICK_MS } from "../../convex/model/shared/waitingRoom";
import { eventInput } from "../../test-kit/event-input";
import { newBackend, type Backend } from "./convex-backend";
import { insertUser } from "./fill";
import { measureQuery } from "./measure";
import { signedInCaller } from "./session-check";

/** Inserted per transaction (Convex allows 16,000 writes). */
const INSERT_BATCH = 4_000;

export type RoomCost = {
  entries: number;
  /** One outflow step: documents read and written. */
  step: { documentsRead: number; documentsWritten: number; letIn: number };
  /** A waiting page, per counter move: what `waitingRoom:status` reads; what `waitingRoom:mine` reads when it runs. */
  page: { status: number; mine: number };
};

/** An open room of `entries` drawn places, the last one the viewer's; its outflow gives one step's worth at the next tick. */
async function openRoom(t: Backend, entries: number) {
  const organizer = await signedInCaller(t, await insertUser(t, "Organizadora"));
  const eventId = (await organizer.mutation(api.events.create, {
    ...eventInput({ name: "Grande estreia", category: "Tecnologia", isTicketed: true, goalCents: 100_000_000 }),
    ticketTypes: [{ name: "Pista", quantity: entries, meiaQuantity: 0, lotes: [{ priceCents: 100 }] }],
  })) as Id<"events">;
  const crowdId = await insertUser(t, "Comprador");
  const viewerId = await insertUser(t, "Quem espera");
  for (let from = 1; from <= entries; from += INSERT_BATCH)
    await t.run(async (ctx) => {
      for (let place = from; place < Math.min(entries, from + INSERT_BATCH); place += 1)
        await ctx.db.insert("waitingRoomEntries", { eventId, userId: crowdId, early: true, drawKey: place, place });
    });
  await t.run(async (ctx) => {
    await ctx.db.insert("waitingRoomEntries", { eventId, userId: viewerId, early: true, drawKey: entries, place: entries });
    const opensAt = Date.now() - TICK_MS;
    const perMinute = (OUTFLOW_BATCH * 60_000) / TICK_MS;
    await ctx.db.insert("saleOpenings", { eventId, opensAt, perMinute });
    const counts = { drawn: entries, numbered: entries, admittedThrough: 0, admitCarry: 0 };
    await ctx.db.insert("waitingRooms", { eventId, opensAt, status: "open", ...counts, perMinute, lastTickAt: opensAt, generation: 1 });
  });
  return { eventId, viewer: await signedInCaller(t, viewerId) };
}

export async function measureRoomCost(entries: number): Promise<RoomCost> {
  const t = await newBackend();
  const { eventId, viewer } = await openRoom(t, entries);
  const step = await t.mutation(async (ctx) => {
    const before = await ctx.meta.getTransactionMetrics();
    await ctx.runMutation(internal.waitingRoom.tick, { eventId, generation: 1 });
    const after = await ctx.meta.getTransactionMetrics();
    return {
      documentsRead: after.documentsRead.used - before.documentsRead.used,
      documentsWritten: after.documentsWritten.used - before.documentsWritten.used,
    };
  });
  const status = await measureQuery(viewer, api.waitingRoom.status, { eventId });
  const mine = await measureQuery(viewer, api.waitingRoom.mine, { eventId });
  if (mine.result?.place !== entries || mine.result.turnEndsAt !== null) throw new Error("the viewer should wait at the last place");
  // The room ends here: the next tick it scheduled does nothing.
  await t.run(async (ctx) => {
    const room = await ctx.db.query("waitingRooms").first();
    await ctx.db.patch("waitingRooms", room!._id, { status: "closed" });
  });
  return {
    entries,
    step: { ...step, letIn: status.result?.admittedThrough ?? 0 },
    page: { status: status.cost.documentsRead, mine: mine.cost.documentsRead },
  };
}
