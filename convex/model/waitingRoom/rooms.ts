/**
 * An event's `Abertura das vendas` with its `Sala de espera`: reading the opening and the room's
 * live document, and the organizer setting, moving or removing the opening before it comes.
 * Setting it schedules the opening (model/waitingRoom/draw.ts); a generation tells a stale
 * scheduled opening from the current one.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";
import { isValidPerMinute, WAITING_ROOM_MESSAGES } from "../../model/shared/waitingRoom";

export function openingOf(ctx: QueryCtx, eventId: Id<"events">) {
  return ctx.db
    .query("saleOpenings")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .unique();
}

export function roomOf(ctx: QueryCtx, eventId: Id<"events">) {
  return ctx.db
    .query("waitingRooms")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .unique();
}

export function entryOf(ctx: QueryCtx, eventId: Id<"events">, userId: Id<"users">) {
  return ctx.db
    .query("waitingRoomEntries")
    .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

export type OpeningInput = { opensAt: number; perMinute?: number } | null;

function checkOpening(event: Doc<"events">, input: NonNullable<OpeningInput>, now: number) {
  const { opensAt, perMinute } = input;
  if (!Number.isSafeInteger(opensAt) || opensAt <= now || opensAt >= event.startsAt)
    throw appError("INVALID_SALE_OPENING", WAITING_ROOM_MESSAGES.opensInPast);
  if (perMinute !== undefined && !isValidPerMinute(perMinute))
    throw appError("INVALID_SALE_OPENING", WAITING_ROOM_MESSAGES.invalidPerMinute);
}

/**
 * The organizer sets (`input`) or removes (null) the event's opening, while the room has not
 * opened yet: the room's state starts afresh at the new time, with whoever already joined.
 */
export async function configureOpening(
  ctx: MutationCtx,
  userId: Id<"users">,
  eventId: Id<"events"> | null,
  input: OpeningInput,
  now: number,
): Promise<void> {
  const event = eventId === null ? null : await ctx.db.get("events", eventId);
  if (event === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  if (event.creatorId !== userId) throw appError("NOT_THE_ORGANIZER", WAITING_ROOM_MESSAGES.notTheOrganizer);
  if (event.hasTicketTypes !== true) throw appError("INVALID_SALE_OPENING", WAITING_ROOM_MESSAGES.notTicketTypes);
  if (event.finished !== undefined) throw appError("SALE_ENDED", WAITING_ROOM_MESSAGES.saleEnded);
  const [opening, room] = [await openingOf(ctx, event._id), await roomOf(ctx, event._id)];
  if (room !== null && room.status !== "waiting") throw appError("INVALID_SALE_OPENING", WAITING_ROOM_MESSAGES.alreadyOpened);
  if (input === null) {
    if (opening !== null) await ctx.db.delete("saleOpenings", opening._id);
    if (room !== null) await ctx.db.delete("waitingRooms", room._id);
    return;
  }
  checkOpening(event, input, now);
  const fields = { opensAt: input.opensAt, ...(input.perMinute === undefined ? {} : { perMinute: input.perMinute }) };
  if (opening === null) await ctx.db.insert("saleOpenings", { eventId: event._id, ...fields });
  else await ctx.db.replace("saleOpenings", opening._id, { eventId: event._id, ...fields });
  const generation = (room?.generation ?? 0) + 1;
  const state = {
    eventId: event._id,
    opensAt: input.opensAt,
    status: "waiting" as const,
    drawn: 0,
    numbered: 0,
    admittedThrough: 0,
    admitCarry: 0,
    perMinute: 0,
    generation,
  };
  if (room === null) await ctx.db.insert("waitingRooms", state);
  else await ctx.db.replace("waitingRooms", room._id, state);
  await ctx.scheduler.runAt(input.opensAt, internal.waitingRoom.open, { eventId: event._id, generation });
}

/** What every open page of the event reads of the room: one document, the same for everyone. */
export async function roomStatusOf(ctx: QueryCtx, eventId: Id<"events">) {
  const room = await roomOf(ctx, eventId);
  if (room === null) return null;
  const { opensAt, status, perMinute, admittedThrough, numbered } = room;
  // When the counter last moved (server time): what a page's "live" is measured from.
  return { opensAt, status, perMinute, admittedThrough, numbered, movedAt: room.lastTickAt ?? null };
}

/** The caller's place, as their pages show it (every tab of the account reads the same row). */
export async function myPlaceOf(ctx: QueryCtx, eventId: Id<"events">, userId: Id<"users">) {
  const entry = await entryOf(ctx, eventId, userId);
  if (entry === null) return null;
  return {
    early: entry.early,
    place: entry.place ?? null,
    turnEndsAt: entry.turnEndsAt ?? null,
    turnUsed: entry.turnUsedAt !== undefined,
  };
}
