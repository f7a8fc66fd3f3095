/**
 * `Máximo por pessoa`: an event may limit how many units one person holds or has coming across
 * its types. Counted from the person's own documents (their tickets, their pending purchases,
 * their places on the waiting lists), so checking it never contends with other buyers.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { perPersonLimitMessage } from "../../model/shared/waitingList";

/** Beyond any limit (MAX_PER_PERSON_LIMIT) plus what one purchase adds: enough to tell "above it". */
const COUNT_READ_LIMIT = 200;

/**
 * The units `userId` has for the event: tickets that still admit them (valid or used: not
 * cancelled, not given to someone else), purchases still pending, and places on its waiting
 * lists (waiting: what they asked for; held: what is held). `exceptEntry`: the hold being
 * bought, which the purchase itself counts.
 */
export async function unitsOfPerson(
  ctx: QueryCtx,
  userId: Id<"users">,
  eventId: Id<"events">,
  exceptEntry?: Id<"waitingListEntries">,
): Promise<number> {
  const tickets = await ctx.db
    .query("tickets")
    .withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId).eq("eventId", eventId))
    .take(COUNT_READ_LIMIT);
  const pending = await ctx.db
    .query("ticketPurchases")
    .withIndex("by_userId_and_eventId_and_status", (q) => q.eq("userId", userId).eq("eventId", eventId).eq("status", "pending"))
    .take(COUNT_READ_LIMIT);
  const entries = await ctx.db
    .query("waitingListEntries")
    .withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId).eq("eventId", eventId))
    .take(COUNT_READ_LIMIT);
  // Only tickets that still admit their holder: a cancelled one, or one given to someone else, does not count.
  const kept = tickets.filter((ticket) => ticket.status === undefined || ticket.status === "valid" || ticket.status === "used").length;
  const coming = pending.reduce((sum, purchase) => sum + purchase.units, 0);
  const waiting = entries
    .filter((entry) => entry._id !== exceptEntry)
    .reduce((sum, entry) => sum + (entry.status === "waiting" ? entry.units : entry.status === "held" ? (entry.heldUnits ?? 0) : 0), 0);
  return kept + coming + waiting;
}

/** Refuses `units` more for `userId` when the event's limit (kept on its types) would be passed. */
export async function checkPerPersonLimit(
  ctx: QueryCtx,
  type: Pick<Doc<"ticketTypes">, "maxPerPerson" | "eventId">,
  userId: Id<"users">,
  units: number,
  exceptEntry?: Id<"waitingListEntries">,
): Promise<void> {
  const limit = type.maxPerPerson;
  if (limit === undefined) return;
  if ((await unitsOfPerson(ctx, userId, type.eventId, exceptEntry)) + units > limit)
    throw appError("PER_PERSON_LIMIT", perPersonLimitMessage(limit));
}
