import { Presence } from "@convex-dev/presence";
import { components, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { idArg } from "../core/args";
import { requireChatAccess } from "../chat/access";
import { gateOf } from "../supports/gates";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";
import { chatRoom, eventRoom, MAX_PRESENCE_COUNT, parseRoom } from "../../model/shared/presenceRooms";
import { currentUser, requireSignedIn } from "../users/accounts";

export const presence = new Presence(components.presence);

/** Room ids are short (`event:<id>`); the client's tab id too. */
export const MAX_PRESENCE_ARG_LENGTH = 200;
/** The component's room and session tokens are UUIDs. */
export const MAX_PRESENCE_TOKEN_LENGTH = 64;

/**
 * Who is present, as the presence component should count them: the signed-in user's id,
 * whatever the client claims, so one person with many tabs or devices counts once. A chat
 * room needs the chat's access rules; an event room, an event that exists.
 *
 * Why only signed-in people count: a count is only as honest as the server's ability to tell
 * its entries apart. A signed-out browser is anyone who says so — any id it sends (or any id
 * the server would hand it) is one more request away, and a Convex function sees no address
 * to limit by — so one connection could fill the room with invented visitors. A signed-in
 * user is an account (Google sign-in in production): one more in the count costs one more
 * account. Signed-out visitors still see the count, live, through `roomCount`; they are just
 * not in it.
 */
export async function presentViewer(ctx: QueryCtx, roomId: string): Promise<Id<"users">> {
  const room = roomId.length > MAX_PRESENCE_ARG_LENGTH ? null : parseRoom(roomId);
  const eventId = room === null ? null : idArg(ctx, "events", room.eventId);
  if (room === null || eventId === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  const user = requireSignedIn(await currentUser(ctx));
  if (room.kind === "chat") {
    await requireChatAccess(ctx, user, eventId);
  } else if ((await gateOf(ctx, eventId)) === null) {
    // The gate, not the event: heartbeats never contend with a popular event's supports.
    throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  }
  return user._id;
}

/**
 * How many people are on an event's page now (capped at MAX_PRESENCE_COUNT), for viewers who
 * are not in the count themselves. Only event rooms: a chat's count is its members' business.
 * Reads no caller, so every viewer of the event shares one cached subscription.
 */
export async function roomCount(ctx: QueryCtx, roomId: string): Promise<number> {
  const room = roomId.length > MAX_PRESENCE_ARG_LENGTH ? null : parseRoom(roomId);
  const eventId = room === null || room.kind !== "event" ? null : idArg(ctx, "events", room.eventId);
  if (eventId === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  return (await presence.listRoom(ctx, eventRoom(eventId), true, MAX_PRESENCE_COUNT)).length;
}

/** Events whose rooms one sweep transaction cleans: 2 rooms each, well within read limits. */
export const ROOM_SWEEP_PAGE = 25;
/** A person offline this long has left (a reload or a lost connection comes back sooner). */
export const LEFT_AFTER_MS = 10 * 60_000;
/** Room entries one room's sweep reads (online people first, then those who left). */
const ROOM_SWEEP_READ = 200;

/**
 * The presence component keeps a row for everyone who was ever in a room, marked offline when
 * they go. This removes the rows of people who left more than LEFT_AFTER_MS ago from the rooms
 * of one page of events (in _id order from `cursor`), then schedules the next page, so a run
 * covers every event whatever their number. Returns how many rows it removed.
 */
export async function sweepLeftRooms(ctx: MutationCtx, cursor: string | null, now: number): Promise<number> {
  const page = await ctx.db.query("events").paginate({ numItems: ROOM_SWEEP_PAGE, cursor });
  let removed = 0;
  for (const event of page.page) {
    for (const roomId of [eventRoom(event._id), chatRoom(event._id)]) {
      const people = await presence.listRoom(ctx, roomId, false, ROOM_SWEEP_READ);
      for (const person of people) {
        if (person.online || now - person.lastDisconnected < LEFT_AFTER_MS) continue;
        await presence.removeRoomUser(ctx, roomId, person.userId);
        removed += 1;
      }
    }
  }
  if (!page.isDone) await ctx.scheduler.runAfter(0, internal.presence.sweepLeft, { cursor: page.continueCursor });
  return removed;
}
