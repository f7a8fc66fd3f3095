import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { noticeSupport } from "./notices";
import type { RewardChoice } from "../rewards/catalog";
import { issueTicket } from "../tickets/issue";
import type { ServiceFee } from "../books/fees";

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
 * Records one accepted support of money already taken from the wallet: the contribution, the
 * supporter's running total (a first support counts a new supporter), the reward it holds (its
 * unit already taken by the queue) and, for a ticketed
 * event, a ticket; and tells the creator (first support, goal reached). Returns the event with
 * its totals moved on, for the support queue to store (once per batch).
 */
export async function addContribution(
  ctx: MutationCtx,
  event: Doc<"events">,
  userId: Id<"users">,
  amountCents: number,
  reward?: RewardChoice,
  fee: ServiceFee = {},
): Promise<{ event: Doc<"events">; ticketCode: string | null; contributionId: Id<"contributions"> }> {
  const contributionId = await ctx.db.insert("contributions", { eventId: event._id, userId, amountCents, ...reward, ...fee });
  const supporter = await supporterRow(ctx, event._id, userId);
  if (supporter === null) {
    await ctx.db.insert("supporters", { eventId: event._id, userId, amountCents });
  } else {
    await ctx.db.patch("supporters", supporter._id, { amountCents: supporter.amountCents + amountCents });
  }
  // An event sold through ticket types gives its tickets by purchase (model/tickets/purchases.ts), not per support.
  const givesTicket = event.isTicketed && event.hasTicketTypes !== true;
  const ticketCode = givesTicket ? await issueTicket(ctx, event, userId, { contributionId }) : null;
  await noticeSupport(ctx, event, userId, event.raisedCents + amountCents);
  return {
    event: {
      ...event,
      raisedCents: event.raisedCents + amountCents,
      ticketsGenerated: event.ticketsGenerated + (givesTicket ? 1 : 0),
      uniqueSupporters: event.uniqueSupporters + (supporter === null ? 1 : 0),
    },
    ticketCode,
    contributionId,
  };
}
