/**
 * "Novidades do evento": posts by an event's creator, public, newest first. Each one is told
 * to the event's supporters (model/notifications/fanOut.ts).
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { PaginationOptions } from "convex/server";
import { startFanOut } from "../notifications/fanOut";
import { paginateOrRefuse } from "../core/pagination";
import { cleanText, hasVisibleText } from "../../model/shared/cleanText";
import { appError } from "../../model/shared/errors";
import { isWithinRawLimit, MAX_UPDATE_BODY_LENGTH, MAX_UPDATE_TITLE_LENGTH } from "../../model/shared/limits";
import { MESSAGES } from "../../model/shared/texts";
import { mayCall } from "../../model/shared/functionAccess";
import { eventRoleOf } from "../team/members";

/** One field's text cleaned as chat messages are; INVALID_UPDATE when empty or too long. */
function cleanField(raw: string, limit: number, multiline: boolean, empty: string, tooLong: string): string {
  if (!isWithinRawLimit(raw, limit)) throw appError("INVALID_UPDATE", tooLong);
  const cleaned = cleanText(raw, { multiline });
  if (!hasVisibleText(cleaned)) throw appError("INVALID_UPDATE", empty);
  if (cleaned.length > limit) throw appError("INVALID_UPDATE", tooLong);
  return cleaned;
}

/** The title (one line, ≤ 120) and text (≤ 2,000) cleaned, or INVALID_UPDATE. */
export function cleanUpdate(title: string, body: string): { title: string; body: string } {
  return {
    title: cleanField(title, MAX_UPDATE_TITLE_LENGTH, false, MESSAGES.emptyUpdateTitle, MESSAGES.updateTitleTooLong),
    body: cleanField(body, MAX_UPDATE_BODY_LENGTH, true, MESSAGES.emptyUpdateBody, MESSAGES.updateBodyTooLong),
  };
}

/** Posts a Novidade as `user`, who must be the event's creator, and tells its supporters. */
export async function postUpdate(
  ctx: MutationCtx,
  user: Doc<"users">,
  eventId: Id<"events"> | null,
  update: { title: string; body: string },
): Promise<Id<"eventUpdates">> {
  const event = eventId === null ? null : await ctx.db.get("events", eventId);
  if (event === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  if (!mayCall("updates:post", await eventRoleOf(ctx, event, user._id))) throw appError("NOT_THE_CREATOR", MESSAGES.notTheUpdateAuthor);
  const updateId = await ctx.db.insert("eventUpdates", { eventId: event._id, authorId: user._id, ...update });
  await startFanOut(ctx, {
    eventId: event._id,
    notice: { kind: "update", updateId, title: update.title },
    skipUserId: user._id,
  });
  return updateId;
}

/** A page of an event's Novidades, newest first. */
export async function updatesPage(ctx: QueryCtx, eventId: Id<"events">, paginationOpts: PaginationOptions) {
  const page = await paginateOrRefuse(
    ctx.db
      .query("eventUpdates")
      .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
      .order("desc"),
    paginationOpts,
  );
  return {
    ...page,
    page: page.page.map((update) => ({
      _id: update._id,
      at: update._creationTime,
      title: update.title,
      body: update.body,
    })),
  };
}
