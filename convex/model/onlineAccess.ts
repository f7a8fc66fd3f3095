/**
 * An online event's access link (`Evento online`). It is the ticket itself for a live or a
 * workshop, so it lives apart from the event document, which every page and card reads, and
 * is given only to the event's creator and to people who supported it or hold its ticket.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { hasSupported } from "./supports";

function linkRow(ctx: QueryCtx, eventId: Id<"events">) {
  return ctx.db
    .query("eventAccessLinks")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .unique();
}

/** Stores (or replaces) the link; `undefined` removes it (the event is no longer online). */
export async function setAccessLink(ctx: MutationCtx, eventId: Id<"events">, url: string | undefined): Promise<void> {
  const row = await linkRow(ctx, eventId);
  if (url === undefined) {
    if (row !== null) await ctx.db.delete("eventAccessLinks", row._id);
    return;
  }
  if (row === null) await ctx.db.insert("eventAccessLinks", { eventId, url });
  else if (row.url !== url) await ctx.db.patch("eventAccessLinks", row._id, { url });
}

/**
 * The link for `userId`: the creator always; anyone else once they supported the event (a
 * ticket is bought as a support, so every ticket holder has). Null otherwise.
 */
export async function accessLinkFor(ctx: QueryCtx, event: Doc<"events">, userId: Id<"users"> | null): Promise<string | null> {
  if (event.isOnline !== true || userId === null) return null;
  if (event.creatorId !== userId && !(await hasSupported(ctx, event._id, userId))) return null;
  return (await linkRow(ctx, event._id))?.url ?? null;
}
