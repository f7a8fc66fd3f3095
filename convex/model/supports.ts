import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { appError } from "./shared/errors";
import { goalReached, isConcluded } from "./shared/eventRules";
import { supportClosedReason } from "./shared/lifecycle";
import { MESSAGES } from "./shared/texts";
import { isValidAmountCents } from "./shared/money";
import { supportRefusal } from "./shared/supportRefusal";
import { noticeSupport } from "./supportNotices";
import { issueTicket } from "./tickets";
import { closeGate, markSupported } from "./supportGates";
import { recordSupport } from "./timeline";
import { walletCentsOf } from "./users";
import { changeWallet } from "./wallet";

export type SupportResult = { goalReached: boolean; ticketCode: string | null };

/** The user's running total for an event, or null when they never supported it. */
function supporterRow(ctx: QueryCtx, eventId: Id<"events">, userId: Id<"users">) {
  return ctx.db
    .query("supporters")
    .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

/** Whether the user supported the event, and how much in all. */
export async function contributionTotal(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<{ supported: boolean; amountCents: number }> {
  const row = await supporterRow(ctx, eventId, userId);
  return { supported: row !== null, amountCents: row?.amountCents ?? 0 };
}

/** True when the user has supported the event at least once. */
export async function hasSupported(ctx: QueryCtx, eventId: Id<"events">, userId: Id<"users">): Promise<boolean> {
  return (await supporterRow(ctx, eventId, userId)) !== null;
}

/**
 * Supports an event with wallet money at once, as one transaction that writes the event: the
 * demo seed's replay of past supports. People's supports go through the event's queue
 * (model/supportQueue.ts), which takes hundreds a second. Checks run in the order of
 * docs/product.md, each failing with its message before anything is written:
 * amount valid → event exists → wallet > 0 → amount ≤ wallet → amount ≥ minimum → open
 * (not cancelled, not started or settled, not concluded).
 * Then: debit the wallet (with its statement entry), record the contribution, add to the event's total and to the
 * supporter's running total (a first support counts a new supporter), and for a ticketed
 * event issue a ticket; then note the new total in the event's timeline, and tell the creator
 * (and, at the goal, the supporters).
 */
export async function supportEvent(
  ctx: MutationCtx,
  user: Doc<"users">,
  eventId: Id<"events"> | null,
  amountCents: number,
  /** The clock, for the deadline; only the demo seed replays supports in the past. */
  now: number = Date.now(),
): Promise<SupportResult> {
  if (!isValidAmountCents(amountCents)) throw appError("INVALID_AMOUNT", MESSAGES.invalidAmount);
  const event = eventId === null ? null : await ctx.db.get("events", eventId);
  if (event === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);

  const refusal = supportRefusal({
    walletCents: walletCentsOf(user),
    amountCents,
    minSupportCents: event.minSupportCents,
    closedReason: supportClosedReason(event, now),
  });
  if (refusal !== null) throw appError(refusal.code, refusal.message, refusal.title);

  await changeWallet(ctx, user._id, { kind: "support", amountCents: -amountCents, eventId: event._id });
  const { event: after, ticketCode } = await addContribution(ctx, event, user._id, amountCents);
  await ctx.db.patch("events", event._id, {
    raisedCents: after.raisedCents,
    ticketsGenerated: after.ticketsGenerated,
    uniqueSupporters: after.uniqueSupporters,
  });
  await recordSupport(ctx, event._id, after.raisedCents, now);
  await markSupported(ctx, event._id);
  if (isConcluded(after)) await closeGate(ctx, event._id, "concluded");
  return { goalReached: goalReached(after), ticketCode };
}

/**
 * Records one accepted support of money already taken from the wallet: the contribution, the
 * supporter's running total (a first support counts a new supporter) and, for a ticketed
 * event, a ticket; and tells the creator (first support, goal reached). Returns the event with its totals moved on, for the caller to store (once
 * per support, or once per batch of the queue's worker).
 */
export async function addContribution(
  ctx: MutationCtx,
  event: Doc<"events">,
  userId: Id<"users">,
  amountCents: number,
): Promise<{ event: Doc<"events">; ticketCode: string | null }> {
  await ctx.db.insert("contributions", { eventId: event._id, userId, amountCents });
  const supporter = await supporterRow(ctx, event._id, userId);
  if (supporter === null) {
    await ctx.db.insert("supporters", { eventId: event._id, userId, amountCents });
  } else {
    await ctx.db.patch("supporters", supporter._id, { amountCents: supporter.amountCents + amountCents });
  }
  // An event sold through ticket types gives its tickets by purchase (model/ticketPurchases.ts), not per support.
  const givesTicket = event.isTicketed && event.hasTicketTypes !== true;
  const ticketCode = givesTicket ? await issueTicket(ctx, event, userId) : null;
  await noticeSupport(ctx, event, userId, event.raisedCents + amountCents);
  return {
    event: {
      ...event,
      raisedCents: event.raisedCents + amountCents,
      ticketsGenerated: event.ticketsGenerated + (givesTicket ? 1 : 0),
      uniqueSupporters: event.uniqueSupporters + (supporter === null ? 1 : 0),
    },
    ticketCode,
  };
}
