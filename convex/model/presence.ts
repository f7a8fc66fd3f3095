import { Presence } from "@convex-dev/presence";
import { components } from "../_generated/api";
import type { QueryCtx } from "../_generated/server";
import { idArg } from "./args";
import { requireChatAccess } from "./chat";
import { appError } from "./shared/errors";
import { MESSAGES } from "./shared/texts";
import { ANONYMOUS_VIEWER, parseRoom } from "./shared/presenceRooms";
import { currentUser, requireSignedIn } from "./users";

export const presence = new Presence(components.presence);

/** Room and viewer ids are short (`event:<id>`, `anon:<uuid>`); the client's tab id too. */
export const MAX_PRESENCE_ARG_LENGTH = 200;
/** The component's room and session tokens are UUIDs. */
export const MAX_PRESENCE_TOKEN_LENGTH = 64;

/**
 * Who is present, as the presence component should count them: the signed-in user's id
 * (whatever the client claims, so one person with many tabs or devices counts once), or,
 * on an event page only, the signed-out browser's own anonymous id. A chat room needs
 * the chat's access rules; an event room, an event that exists.
 */
export async function presentViewer(ctx: QueryCtx, roomId: string, claimedViewer: string): Promise<string> {
  const room = roomId.length > MAX_PRESENCE_ARG_LENGTH ? null : parseRoom(roomId);
  const eventId = room === null ? null : idArg(ctx, "events", room.eventId);
  if (room === null || eventId === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  if (room.kind === "chat") {
    const user = requireSignedIn(await currentUser(ctx));
    await requireChatAccess(ctx, user, eventId);
    return user._id;
  }
  if ((await ctx.db.get("events", eventId)) === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  const user = await currentUser(ctx);
  if (user !== null) return user._id;
  if (claimedViewer.length > MAX_PRESENCE_ARG_LENGTH || !ANONYMOUS_VIEWER.test(claimedViewer)) throw appError("NOT_SIGNED_IN", MESSAGES.notSignedIn);
  return claimedViewer;
}
