/**
 * The opening's draw, in scheduled batches of ROOM_BATCH (a room of 20,000 would pass Convex's
 * per-transaction limits in one): at the opening a fresh seed is recorded; every entry that
 * joined before it gets its key (`drawKey(seed, id)`, shared/waitingRoom.ts), then places
 * 1..N in key order, walking the keys' index with a cursor. Each step runs only for the room's
 * current generation and status, so a stale or repeated step does nothing.
 *
 * Joins read the room's document and the opening writes it (status `drawing`), so a join that
 * saw the room still waiting either commits before the draw starts or is retried and arrives
 * late: no early entry is left out of the draw.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { defaultPerMinute, drawKey, oneTickOfTurns, ROOM_BATCH } from "../../model/shared/waitingRoom";
import { typesOf } from "../tickets/ticketTypes";
import { openingOf, roomOf } from "./rooms";

/** 128 random bits as hex: the draw's seed, chosen when the room opens and recorded with it. */
export function freshSeed(): string {
  const words = crypto.getRandomValues(new Uint32Array(4));
  return Array.from(words, (word) => word.toString(16).padStart(8, "0")).join("");
}

async function currentRoom(ctx: MutationCtx, eventId: Id<"events">, generation: number, status: Doc<"waitingRooms">["status"]) {
  const room = await roomOf(ctx, eventId);
  return room !== null && room.generation === generation && room.status === status ? room : null;
}

/** The opening: the seed is drawn and the room starts its draw. `seed` is given only by tests. */
export async function openRoom(ctx: MutationCtx, eventId: Id<"events">, generation: number, seed: string = freshSeed()): Promise<void> {
  const room = await currentRoom(ctx, eventId, generation, "waiting");
  if (room === null) return;
  const opening = await openingOf(ctx, eventId);
  const capacity = (await typesOf(ctx, eventId)).reduce((sum, type) => sum + type.quantity, 0);
  const perMinute = opening?.perMinute ?? defaultPerMinute(capacity);
  await ctx.db.patch("waitingRooms", room._id, { status: "drawing", seed, perMinute, drawCursor: null });
  await ctx.scheduler.runAfter(0, internal.waitingRoom.drawKeys, { eventId, generation });
}

/** Keys for the next batch of early entries still without one; then the places. */
export async function assignDrawKeys(ctx: MutationCtx, eventId: Id<"events">, generation: number): Promise<void> {
  const room = await currentRoom(ctx, eventId, generation, "drawing");
  if (room === null || room.seed === undefined) return;
  const batch = await ctx.db
    .query("waitingRoomEntries")
    .withIndex("by_eventId_and_early_and_drawKey", (q) => q.eq("eventId", eventId).eq("early", true).eq("drawKey", undefined))
    .take(ROOM_BATCH);
  for (const entry of batch) await ctx.db.patch("waitingRoomEntries", entry._id, { drawKey: drawKey(room.seed, entry._id) });
  const next = batch.length === ROOM_BATCH ? internal.waitingRoom.drawKeys : internal.waitingRoom.drawPlaces;
  await ctx.scheduler.runAfter(0, next, { eventId, generation });
}

/** Places for the next batch of early entries in key order; the last batch opens the outflow. */
export async function assignDrawPlaces(ctx: MutationCtx, eventId: Id<"events">, generation: number, now: number): Promise<void> {
  const room = await currentRoom(ctx, eventId, generation, "drawing");
  if (room === null) return;
  const page = await ctx.db
    .query("waitingRoomEntries")
    .withIndex("by_eventId_and_early_and_drawKey", (q) => q.eq("eventId", eventId).eq("early", true))
    .paginate({ numItems: ROOM_BATCH, cursor: room.drawCursor ?? null });
  let drawn = room.drawn;
  for (const entry of page.page) {
    drawn += 1;
    await ctx.db.patch("waitingRoomEntries", entry._id, { place: drawn });
  }
  if (!page.isDone) {
    await ctx.db.patch("waitingRooms", room._id, { drawn, numbered: drawn, drawCursor: page.continueCursor });
    await ctx.scheduler.runAfter(0, internal.waitingRoom.drawPlaces, { eventId, generation });
    return;
  }
  // The first tick lets in one tick's worth at once.
  await ctx.db.patch("waitingRooms", room._id, {
    drawn,
    numbered: drawn,
    drawCursor: null,
    status: "open",
    lastTickAt: now,
    admitCarry: oneTickOfTurns(room.perMinute),
    ticking: true,
  });
  await ctx.scheduler.runAfter(0, internal.waitingRoom.tick, { eventId, generation });
}
