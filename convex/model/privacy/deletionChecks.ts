/**
 * What stops `Excluir minha conta`: money the person could still take out or get back, money on
 * its way, an event they organize that has not settled, a ticket for an event still to come.
 * Deleting then would strand that money in an account nobody can open, or leave a buyer without
 * an organizer. Every read is by the person's index and bounded.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { DELETION_BLOCKERS, type DeletionBlocker } from "../../model/shared/privacy";
import { withdrawableCentsOf } from "../wallet/promo";

/** Rows of one kind looked at: far more than a person has open at once. */
const MAX_ROWS = 1_000;

/** Settled for good: paid out, or every contribution back with its supporter. */
function hasSettled(event: Doc<"events">): boolean {
  if (event.settlement === undefined) return false;
  return event.settlement === "paidOut" || (event.refundedCents ?? 0) >= event.raisedCents;
}

function eventReader(ctx: QueryCtx) {
  const events = new Map<Id<"events">, Doc<"events"> | null>();
  return async (eventId: Id<"events">) => {
    if (!events.has(eventId)) events.set(eventId, await ctx.db.get("events", eventId));
    return events.get(eventId) ?? null;
  };
}

async function moneyBlockers(ctx: QueryCtx, user: Doc<"users">): Promise<DeletionBlocker[]> {
  const blockers: DeletionBlocker[] = [];
  const withdrawable = withdrawableCentsOf(user);
  if (withdrawable > 0) blockers.push(DELETION_BLOCKERS.withdrawable(withdrawable));
  if ((user.owedCents ?? 0) > 0) blockers.push(DELETION_BLOCKERS.owed(user.owedCents ?? 0));
  const processing = await ctx.db
    .query("withdrawals")
    .withIndex("by_userId_and_status", (q) => q.eq("userId", user._id).eq("status", "processing"))
    .first();
  if (processing !== null) blockers.push(DELETION_BLOCKERS.withdrawalInFlight());
  for (const status of ["creating", "pending", "review"] as const) {
    const deposit = await ctx.db
      .query("deposits")
      .withIndex("by_userId_and_status", (q) => q.eq("userId", user._id).eq("status", status))
      .first();
    if (deposit !== null) return [...blockers, DELETION_BLOCKERS.depositPending()];
  }
  return blockers;
}

async function organizerBlockers(ctx: QueryCtx, userId: Id<"users">): Promise<DeletionBlocker[]> {
  const own = await ctx.db
    .query("events")
    .withIndex("by_creatorId_and_startsAt", (q) => q.eq("creatorId", userId))
    .order("desc")
    .take(MAX_ROWS);
  return own.filter((event) => !hasSettled(event)).map((event) => DELETION_BLOCKERS.organizesEvent(event.name));
}

async function ticketBlockers(ctx: QueryCtx, userId: Id<"users">, now: number, eventOf: ReturnType<typeof eventReader>) {
  const tickets = await ctx.db
    .query("tickets")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .order("desc")
    .take(MAX_ROWS);
  const blockers: DeletionBlocker[] = [];
  for (const ticket of tickets) {
    if (ticket.status !== undefined && ticket.status !== "valid") continue;
    const event = await eventOf(ticket.eventId);
    if (event !== null && event.startsAt > now && event.settlement === undefined) blockers.push(DELETION_BLOCKERS.futureTicket(event.name));
  }
  return blockers;
}

async function supportBlockers(ctx: QueryCtx, userId: Id<"users">, eventOf: ReturnType<typeof eventReader>) {
  const blockers: DeletionBlocker[] = [];
  const pending = await ctx.db
    .query("queuedSupports")
    .withIndex("by_userId_and_status", (q) => q.eq("userId", userId).eq("status", "pending"))
    .take(MAX_ROWS);
  const supported = await ctx.db
    .query("supporters")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(MAX_ROWS);
  for (const { eventId } of [...pending, ...supported]) {
    const event = await eventOf(eventId);
    if (event !== null && !hasSettled(event)) blockers.push(DELETION_BLOCKERS.supportInFlight(event.name));
  }
  const waiting = await ctx.db
    .query("waitingListEntries")
    .withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId))
    .take(MAX_ROWS);
  for (const entry of waiting.filter((row) => row.status === "waiting" || row.status === "held")) {
    const event = await eventOf(entry.eventId);
    blockers.push(DELETION_BLOCKERS.waitingList(event?.name ?? "um evento"));
  }
  return blockers;
}

/** Everything that stops the deletion now, each once; none means the account may go. */
export async function deletionBlockers(ctx: QueryCtx, user: Doc<"users">, now: number): Promise<DeletionBlocker[]> {
  const eventOf = eventReader(ctx);
  const all = [
    ...(await moneyBlockers(ctx, user)),
    ...(await organizerBlockers(ctx, user._id)),
    ...(await ticketBlockers(ctx, user._id, now, eventOf)),
    ...(await supportBlockers(ctx, user._id, eventOf)),
  ];
  const seen = new Set<string>();
  return all.filter((blocker) => !seen.has(blocker.reason) && seen.add(blocker.reason));
}
