/**
 * An online event's access link (`Evento online`). It is the ticket itself for a live or a
 * workshop, so it lives apart from the event document, which every page and card reads, and
 * is given only to the event's creator and to the people entitled to attend (see accessLinkFor).
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { isHttpsUrl } from "../../model/shared/eventDetails";
import { hasSupported } from "../supports/contributions";
import { ticketsVoided } from "../tickets/issue";
import { mayCall } from "../../model/shared/functionAccess";
import { eventRoleOf } from "../team/members";

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
 * Whether the user holds a ticket of the event that still admits them: issued and not cancelled
 * (a used one still does). A ticket they transferred is the receiver's now: its link goes with it.
 */
export async function holdsValidTicket(ctx: QueryCtx, eventId: Id<"events">, userId: Id<"users">): Promise<boolean> {
  const tickets = ctx.db.query("tickets").withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId).eq("eventId", eventId));
  for await (const ticket of tickets) if (ticket.status !== "cancelled" && ticket.status !== "transferred") return true;
  return false;
}

/**
 * The link for `userId`, or null. The creator always gets it (to see and edit it). Anyone else
 * only while the event stands (not refunded or cancelled) and only an https link: for a
 * ticketed event, people holding a valid ticket of it (a plain support of an event sold through
 * types gives none, a refused purchase issues none, a refund cancels them); for an event without
 * tickets, its supporters.
 */
export async function accessLinkFor(ctx: QueryCtx, event: Doc<"events">, userId: Id<"users"> | null): Promise<string | null> {
  if (event.isOnline !== true || userId === null) return null;
  const url = (await linkRow(ctx, event._id))?.url ?? null;
  // Whoever may edit the event (its organizer, a `Gerente`) sees the link to keep it.
  if (url === null || mayCall("events:update", await eventRoleOf(ctx, event, userId))) return url;
  if (!isHttpsUrl(url) || ticketsVoided(event)) return null;
  const entitled = event.isTicketed ? await holdsValidTicket(ctx, event._id, userId) : await hasSupported(ctx, event._id, userId);
  return entitled ? url : null;
}
