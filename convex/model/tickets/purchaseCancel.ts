/**
 * `Cancelar compra`: the buyer's right to change their mind within 7 days, while the event is at
 * least 48 hours away (model/shared/buyerRights.ts has the windows). In one transaction: every
 * ticket of the purchase is cancelled (refused at the door), its contribution leaves the ledger
 * (the event's `Arrecadado` goes down), the whole amount goes back to the wallet (promotional
 * money as promotional, model/wallet/promo.ts) with its `Estorno da compra – <evento>` line, and
 * the units go back on sale (model/tickets/returns.ts).
 *
 * It writes the event, which the event's support queue also writes: the two are serialized by
 * Convex's optimistic concurrency (one retries), so a cancellation and a batch of purchases, or a
 * check-in of the same ticket, never both see the state before the other.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { BUYER_RIGHTS_MESSAGES, cancelWindowRefusal } from "../../model/shared/buyerRights";
import { appError } from "../../model/shared/errors";
import { isConcluded } from "../../model/shared/eventRules";
import { TRANSFER_MESSAGES } from "../../model/shared/ticketTransfer";
import { releaseRewards } from "../rewards/allocation";
import { returnUnits } from "./returns";
import { recordSupport } from "../events/timeline";
import { changeWallet } from "../wallet/ledger";
import { emailRefund } from "../email/triggers";
import { buyerFeeOf } from "../books/fees";
import { releaseCouponUse } from "./coupons";
import { countOnEvent, writeEvent } from "../events/writer";

/** The tickets of a purchase, by their codes (at most 4). */
async function ticketsOf(ctx: MutationCtx, purchase: Doc<"ticketPurchases">): Promise<Doc<"tickets">[]> {
  const tickets: Doc<"tickets">[] = [];
  for (const code of purchase.ticketCodes ?? []) {
    const ticket = await ctx.db
      .query("tickets")
      .withIndex("by_code", (q) => q.eq("code", code))
      .unique();
    if (ticket !== null) tickets.push(ticket);
  }
  return tickets;
}

/**
 * The contribution the purchase became. Purchases issued before the id was kept find one of the
 * buyer's contributions to the event of the same amount: contributions are money, not a record
 * of which purchase, so any of them is the same to the ledger.
 */
async function contributionOf(ctx: MutationCtx, purchase: Doc<"ticketPurchases">): Promise<Doc<"contributions"> | null> {
  if (purchase.contributionId !== undefined) return ctx.db.get("contributions", purchase.contributionId);
  const rows = await ctx.db
    .query("contributions")
    .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", purchase.eventId).eq("userId", purchase.userId))
    .take(500);
  return rows.find((row) => row.amountCents === purchase.amountCents && row.refundedAt === undefined) ?? null;
}

/**
 * Takes a contribution out of the ledger and the event's totals (and gives back the reward it
 * held); the buyer stops counting as a supporter if it was their only one.
 */
export async function removeContribution(ctx: MutationCtx, event: Doc<"events">, contribution: Doc<"contributions">, now: number) {
  await ctx.db.delete("contributions", contribution._id);
  // A reward it held is free again for the next supporter.
  if (contribution.rewardId !== undefined) await releaseRewards(ctx, new Map([[contribution.rewardId, 1]]));
  const supporter = await ctx.db
    .query("supporters")
    .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", event._id).eq("userId", contribution.userId))
    .unique();
  const another = await ctx.db
    .query("contributions")
    .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", event._id).eq("userId", contribution.userId))
    .first();
  if (supporter !== null) {
    if (another === null) await ctx.db.delete("supporters", supporter._id);
    else await ctx.db.patch("supporters", supporter._id, { amountCents: supporter.amountCents - contribution.amountCents });
  }
  const raisedCents = event.raisedCents - contribution.amountCents;
  await writeEvent(ctx, event._id, {
    raisedCents,
    uniqueSupporters: event.uniqueSupporters - (supporter !== null && another === null ? 1 : 0),
  });
  await recordSupport(ctx, event._id, raisedCents, now);
  // Back below the goal: supporting opens again ("tudo ou nada" still decides at the date).
  if (isConcluded(event) && !isConcluded({ ...event, raisedCents })) {
    const gate = await ctx.db
      .query("supportGates")
      .withIndex("by_eventId", (q) => q.eq("eventId", event._id))
      .unique();
    if (gate?.closed === "concluded") await ctx.db.patch("supportGates", gate._id, { closed: undefined });
  }
}

/** Cancels the caller's purchase and refunds it at once; throws the Portuguese reason (and changes nothing) when it cannot be. */
export async function cancelPurchase(
  ctx: MutationCtx,
  userId: Id<"users">,
  purchaseId: Id<"ticketPurchases"> | null,
  now: number,
): Promise<{ refundedCents: number }> {
  const purchase = purchaseId === null ? null : await ctx.db.get("ticketPurchases", purchaseId);
  // Someone else's purchase is answered like one that does not exist.
  if (purchase === null || purchase.userId !== userId) throw appError("PURCHASE_NOT_FOUND", BUYER_RIGHTS_MESSAGES.purchaseNotFound);
  if (purchase.status === "cancelled") throw appError("PURCHASE_CANCELLED", BUYER_RIGHTS_MESSAGES.alreadyCancelled);
  if (purchase.status !== "issued") throw appError("PURCHASE_NOT_ISSUED", BUYER_RIGHTS_MESSAGES.notIssued);
  const event = await ctx.db.get("events", purchase.eventId);
  if (event === null || event.settlement !== undefined) throw appError("EVENT_OVER", BUYER_RIGHTS_MESSAGES.eventOver);
  const outside = cancelWindowRefusal(purchase._creationTime, event.startsAt, now);
  if (outside !== null) throw appError("CANCEL_WINDOW_CLOSED", outside);
  const tickets = await ticketsOf(ctx, purchase);
  if (tickets.some((ticket) => ticket.status === "used")) throw appError("TICKET_USED", BUYER_RIGHTS_MESSAGES.ticketUsed);
  // A ticket given to someone else is theirs now: cancelling would take it from them.
  if (tickets.some((ticket) => ticket.status === "transferred"))
    throw appError("TICKET_TRANSFERRED", TRANSFER_MESSAGES.purchaseHasTransferred);

  for (const ticket of tickets) await ctx.db.patch("tickets", ticket._id, { status: "cancelled" });
  await countOnEvent(ctx, event._id, { ticketsCancelled: tickets.length });
  const contribution = await contributionOf(ctx, purchase);
  if (contribution === null) throw new Error(`issued purchase ${purchase._id} without its contribution`);
  await removeContribution(ctx, event, contribution, now);
  // The whole amount means the service fee too, when the buyer paid it on top.
  const buyerFee = buyerFeeOf(purchase);
  const refundedCents = purchase.amountCents + buyerFee;
  await changeWallet(ctx, userId, {
    kind: "purchaseCancelled",
    amountCents: refundedCents,
    eventId: event._id,
    ...(buyerFee > 0 ? { feeCents: buyerFee } : {}),
  });
  await emailRefund(ctx, event, userId, "purchase", refundedCents, purchase._id);
  await ctx.db.patch("ticketPurchases", purchase._id, { status: "cancelled", cancelledAt: now });
  await returnUnits(ctx, purchase, now);
  await releaseCouponUse(ctx, purchase);
  return { refundedCents };
}
