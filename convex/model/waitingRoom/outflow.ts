/**
 * The room's outflow, one tick every TICK_MS while places wait or turns run: later arrivals get
 * the next places in arrival order, the "now entering" counter moves by `perMinute` a minute,
 * and each place it passes gets its turn (TURN_MS), written on that entry alone, in steps of
 * OUTFLOW_BATCH. Every open page reads the counter (one document) and its own entry, so a step
 * wakes each page once and a turn wakes only its holder; a tick that moves nothing wakes no one.
 * The room says `Esgotado` (status soldOut) the moment the last unit sells (`sayIfSoldOut`, from
 * the purchase that sold it), and closes with the event.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import { env, type MutationCtx } from "../../_generated/server";
import { oneTickOfTurns, OUTFLOW_BATCH, TICK_MS, TURN_MS, TURNS_PER_TICK } from "../../model/shared/waitingRoom";
import { gateClosedReason, gateOf } from "../supports/gates";
import { typesOf } from "../tickets/ticketTypes";
import { roomOf } from "./rooms";

/** A turn's length: 10 minutes, unless a test deployment sets a shorter one (WAITING_ROOM_TURN_MS). */
export function turnLength(): number {
  const configured = Number(env.WAITING_ROOM_TURN_MS ?? Number.NaN);
  return Number.isSafeInteger(configured) && configured >= 1_000 && configured < TURN_MS ? configured : TURN_MS;
}

/** Whether no type has anything left to sell (the flags the queue sets as options sell out). */
async function soldOut(ctx: MutationCtx, eventId: Id<"events">): Promise<boolean> {
  const types = await typesOf(ctx, eventId);
  return types.every(
    (type) =>
      (type.inteiraSoldOut === true || type.quantity === type.meiaQuantity) && (type.meiaSoldOut === true || type.meiaQuantity === 0),
  );
}

/**
 * `Esgotado` to everyone at once: called where a sale flags an option sold out (at most twice a
 * type), it ends an open room when nothing is left to sell. The room's document is what every
 * waiting page already reads, so this one write wakes them all, and no other sale writes it.
 */
export async function sayIfSoldOut(ctx: MutationCtx, eventId: Id<"events">): Promise<void> {
  const room = await roomOf(ctx, eventId);
  if (room === null || room.status !== "open" || !(await soldOut(ctx, eventId))) return;
  await ctx.db.patch("waitingRooms", room._id, { status: "soldOut", ticking: false });
}

/** Places for later arrivals still without one, in arrival order; returns the room's new count. */
async function numberLateArrivals(ctx: MutationCtx, room: Doc<"waitingRooms">): Promise<{ numbered: number; more: boolean }> {
  const late = await ctx.db
    .query("waitingRoomEntries")
    .withIndex("by_eventId_and_early_and_place", (q) => q.eq("eventId", room.eventId).eq("early", false).eq("place", undefined))
    .take(OUTFLOW_BATCH);
  let numbered = room.numbered;
  for (const entry of late) {
    numbered += 1;
    await ctx.db.patch("waitingRoomEntries", entry._id, { place: numbered });
  }
  return { numbered, more: late.length === OUTFLOW_BATCH };
}

/** Gives the turns of the places from `after` (exclusive) through `through` (at most OUTFLOW_BATCH). */
async function giveTurns(ctx: MutationCtx, eventId: Id<"events">, after: number, through: number, now: number) {
  const admitted = await ctx.db
    .query("waitingRoomEntries")
    .withIndex("by_eventId_and_place", (q) => q.eq("eventId", eventId).gt("place", after).lte("place", through))
    .take(OUTFLOW_BATCH);
  for (const entry of admitted) await ctx.db.patch("waitingRoomEntries", entry._id, { turnEndsAt: now + turnLength() });
}

/**
 * Buyers the outflow owes now: `perMinute` for the time since the counter last moved, plus what
 * it owed then, at most TURNS_PER_TICK. A room nobody was waiting in banks nothing: its first
 * tick with people waiting counts one tick's time at most (a burst of arrivals goes in at the rate).
 */
function owedTurns(room: Doc<"waitingRooms">, now: number): number {
  const since = Math.max(0, now - (room.lastTickAt ?? now));
  const elapsed = room.admittedThrough === room.numbered ? Math.min(since, TICK_MS) : since;
  return Math.min(TURNS_PER_TICK, (room.perMinute * elapsed) / 60_000 + room.admitCarry);
}

/** Why the room stops for good now, if it does: the event closed or everything sold. */
async function roomEnd(ctx: MutationCtx, eventId: Id<"events">, now: number): Promise<"closed" | "soldOut" | null> {
  const gate = await gateOf(ctx, eventId);
  const closed = gate === null ? "cancelled" : gateClosedReason(gate, now);
  if (closed !== null && closed !== "concluded") return "closed";
  return (await soldOut(ctx, eventId)) ? "soldOut" : null;
}

/**
 * One step of the room's outflow (scheduled by the draw, by itself, and by a late join that found
 * it idle): numbers late arrivals and gives the turns owed, OUTFLOW_BATCH at most each, moving the
 * counter with them; a step that had more to do is followed by the next at once, otherwise one
 * tick later. A step that moves nothing writes nothing, so no open page wakes for it.
 */
export async function tickRoom(ctx: MutationCtx, eventId: Id<"events">, generation: number, now: number): Promise<void> {
  const room = await roomOf(ctx, eventId);
  if (room === null || room.generation !== generation || room.status !== "open") return;
  const end = await roomEnd(ctx, eventId, now);
  if (end !== null) {
    await ctx.db.patch("waitingRooms", room._id, { status: end, ticking: false });
    return;
  }
  const { numbered, more } = await numberLateArrivals(ctx, room);
  const owed = owedTurns(room, now);
  const through = Math.min(numbered, room.admittedThrough + Math.floor(owed), room.admittedThrough + OUTFLOW_BATCH);
  const admitted = through > room.admittedThrough;
  if (admitted) await giveTurns(ctx, eventId, room.admittedThrough, through, now);
  const lastAdmitAt = admitted ? now : room.lastAdmitAt;
  const waiting = through < numbered || more;
  const ticking = waiting || (lastAdmitAt !== undefined && now < lastAdmitAt + turnLength());
  // Nobody waiting: the outflow banks nothing for later.
  const admitCarry = through === numbered ? 0 : owed - (through - room.admittedThrough);
  if (admitted || numbered !== room.numbered || !ticking)
    await ctx.db.patch("waitingRooms", room._id, { numbered, admittedThrough: through, admitCarry, lastTickAt: now, lastAdmitAt, ticking });
  const again = more || (through < numbered && admitCarry >= 1);
  if (ticking) await ctx.scheduler.runAfter(again ? 0 : TICK_MS, internal.waitingRoom.tick, { eventId, generation });
}

/** Restarts an idle outflow (a late arrival in a room whose every turn had run out). */
export async function wakeRoom(ctx: MutationCtx, room: Doc<"waitingRooms">, now: number): Promise<void> {
  if (room.status !== "open" || room.ticking === true) return;
  // One tick's worth at once, as at the opening (the counter's time stays when it really moved).
  await ctx.db.patch("waitingRooms", room._id, { ticking: true, lastTickAt: now, admitCarry: oneTickOfTurns(room.perMinute) });
  await ctx.scheduler.runAfter(0, internal.waitingRoom.tick, { eventId: room.eventId, generation: room.generation });
}
