/**
 * Settlement: what happens to an event's money at its date, or when its creator cancels it.
 * A concluded event pays its raisedCents to the creator, and so does a `Flexível` one below its
 * goal (shared/lifecycle.ts decides); any other event, and a cancelled one, refunds every contribution and cancels its tickets, in batches that each schedule the
 * next so an event with any number of contributions stays within Convex's per-transaction
 * limits. Every step is idempotent. Each step tells the people whose money it moved
 * (model/notifications/inbox.ts), in the same transaction.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { settlementAtDate, type Settlement } from "../../model/shared/lifecycle";
import { MESSAGES } from "../../model/shared/texts";
import { countOnEvent, writeEvent } from "../events/writer";
import { recordRefund } from "../events/timeline";
import { notify } from "../notifications/inbox";
import { emailEventRefunded } from "../email/triggers";
import { closeGate } from "../supports/gates";
import { drainQueue } from "../supports/queue";
import { creditPayoutStep } from "./payoutCredit";
import { changeWallet } from "../wallet/ledger";
import { buyerFeeOf } from "../books/fees";
import { releaseRewards } from "../rewards/allocation";
import { standsForItsSeat } from "../tickets/issue";

/** Contributions (or tickets) per refund transaction: ~5 reads and writes each, far below the limits. */
export const REFUND_BATCH_SIZE = 500;

/** A refund walks the contributions first, then (ticketed events) the tickets. */
export type RefundPhase = "contributions" | "tickets";

/** Schedules the settlement at the event's date, replacing an earlier schedule still pending. */
export async function scheduleSettlement(
  ctx: MutationCtx,
  event: Pick<Doc<"events">, "_id" | "startsAt" | "settlementJobId">,
): Promise<void> {
  await cancelPendingSettlement(ctx, event.settlementJobId);
  const settlementJobId = await ctx.scheduler.runAt(event.startsAt, internal.settlement.settle, { eventId: event._id });
  await writeEvent(ctx, event._id, { settlementJobId });
}

/**
 * Settles an event at its date. Does nothing for a missing or already settled event, so
 * running it twice changes nothing, nor for one whose date is still ahead (a stale schedule:
 * whoever moves the date calls scheduleSettlement, which replaces it).
 */
export async function settleAtDate(ctx: MutationCtx, eventId: Id<"events">): Promise<Settlement | null> {
  const before = await ctx.db.get("events", eventId);
  if (before === null || before.settlement !== undefined || Date.now() < before.startsAt) return null;
  await closeGate(ctx, eventId, "started");
  // Supports queued before the date count: the queue is applied first, a batch per transaction.
  if (await drainQueue(ctx, eventId)) {
    await ctx.scheduler.runAfter(0, internal.settlement.settle, { eventId });
    return null;
  }
  const event = (await ctx.db.get("events", eventId))!;
  const outcome = settlementAtDate(event);
  if (outcome === "paidOut") {
    await writeEvent(ctx, eventId, { settlement: "paidOut", finished: true });
    // Credited as promotional and withdrawable money apart (model/settlement/payoutCredit.ts).
    await creditPayoutStep(ctx, eventId, null, 0);
  } else {
    await startRefund(ctx, event, "refunded");
  }
  return outcome;
}

/** The creator cancels before the date: every contribution goes back, as at a failed date. */
export async function cancelEvent(ctx: MutationCtx, userId: Id<"users">, eventId: Id<"events"> | null): Promise<void> {
  const event = eventId === null ? null : await ctx.db.get("events", eventId);
  if (event === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  if (event.creatorId !== userId) throw appError("NOT_THE_CREATOR", MESSAGES.notTheCreator);
  if (event.settlement === "cancelled") throw appError("EVENT_CANCELLED", MESSAGES.eventCancelled);
  if (event.settlement !== undefined || Date.now() >= event.startsAt) {
    throw appError("EVENT_STARTED", MESSAGES.cancelAfterStart);
  }
  await cancelPendingSettlement(ctx, event.settlementJobId);
  // Supports still queued go back by the queue's worker, which finds the event cancelled.
  await closeGate(ctx, event._id, "cancelled");
  await startRefund(ctx, event, "cancelled");
}

/** Calls off a scheduled settlement that has not started (never the one running now). */
async function cancelPendingSettlement(ctx: MutationCtx, jobId: Id<"_scheduled_functions"> | undefined) {
  if (jobId === undefined) return;
  const job = await ctx.db.system.get("_scheduled_functions", jobId);
  if (job?.state.kind === "pending") await ctx.scheduler.cancel(jobId);
}

/**
 * Marks the event, which closes supporting at once, and schedules the first refund batch
 * (a batch pages through contributions, and a function may run only one paginated query).
 */
async function startRefund(ctx: MutationCtx, event: Doc<"events">, settlement: Exclude<Settlement, "paidOut">) {
  await writeEvent(ctx, event._id, { settlement, refundedCents: 0, finished: true });
  await ctx.scheduler.runAfter(0, internal.settlement.refundBatch, {
    eventId: event._id,
    phase: "contributions",
    cursor: null,
  });
}

/**
 * Refunds up to REFUND_BATCH_SIZE contributions (or cancels as many tickets) from `cursor`,
 * then schedules the next batch. A contribution already refunded and a ticket already
 * cancelled are skipped, so a batch that ran twice pays nothing twice.
 */
export async function refundBatch(ctx: MutationCtx, eventId: Id<"events">, phase: RefundPhase, cursor: string | null): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null || (event.settlement !== "refunded" && event.settlement !== "cancelled")) return;
  const paginationOpts = { numItems: REFUND_BATCH_SIZE, cursor };
  let next: { phase: RefundPhase; cursor: string | null } | null;

  if (phase === "contributions") {
    const page = await ctx.db
      .query("contributions")
      .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", eventId))
      .paginate(paginationOpts);
    const now = Date.now();
    let refundedCents = 0;
    const refundedByUser = new Map<Id<"users">, number>();
    const releasedRewards = new Map<Id<"rewards">, number>();
    for (const contribution of page.page) {
      if (contribution.refundedAt !== undefined) continue;
      // A fee the buyer paid on top goes back with the price.
      const buyerFee = buyerFeeOf(contribution);
      const backCents = contribution.amountCents + buyerFee;
      await changeWallet(ctx, contribution.userId, {
        kind: "refund",
        amountCents: backCents,
        eventId,
        ...(buyerFee > 0 ? { feeCents: buyerFee } : {}),
      });
      await ctx.db.patch("contributions", contribution._id, { refundedAt: now });
      refundedCents += contribution.amountCents;
      refundedByUser.set(contribution.userId, (refundedByUser.get(contribution.userId) ?? 0) + backCents);
      if (contribution.rewardId !== undefined)
        releasedRewards.set(contribution.rewardId, (releasedRewards.get(contribution.rewardId) ?? 0) + 1);
    }
    // A refunded support no longer holds its reward.
    await releaseRewards(ctx, releasedRewards);
    // Told in the transaction that moves the money, so a refund and its notification agree.
    for (const [userId, amountCents] of refundedByUser) {
      await notify(ctx, userId, event, { kind: event.settlement, amountCents });
      await emailEventRefunded(ctx, event, userId, event.settlement === "cancelled");
    }
    const totalRefunded = (event.refundedCents ?? 0) + refundedCents;
    await writeEvent(ctx, eventId, { refundedCents: totalRefunded });
    if (refundedCents > 0) await recordRefund(ctx, event, totalRefunded);
    if (!page.isDone) next = { phase, cursor: page.continueCursor };
    else next = event.isTicketed ? { phase: "tickets", cursor: null } : null;
  } else {
    const page = await ctx.db
      .query("tickets")
      .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
      .paginate(paginationOpts);
    let usedCancelled = 0;
    let seatsCancelled = 0;
    for (const ticket of page.page) {
      if (ticket.status === "cancelled") continue;
      await ctx.db.patch("tickets", ticket._id, { status: "cancelled" });
      if (ticket.status === "used") usedCancelled += 1;
      if (standsForItsSeat(ticket)) seatsCancelled += 1;
    }
    // ticketsUsed counts the tickets whose status is "used"; a cancelled one no longer is.
    if (usedCancelled > 0 || seatsCancelled > 0)
      await countOnEvent(ctx, eventId, { ticketsUsed: -usedCancelled, ticketsCancelled: seatsCancelled });
    next = page.isDone ? null : { phase, cursor: page.continueCursor };
  }
  if (next !== null) await ctx.scheduler.runAfter(0, internal.settlement.refundBatch, { eventId, ...next });
}
