/**
 * The credit of a concluded event's money to its creator. Money keeps its origin: what the
 * supporters paid with their welcome bonus (the event's `promoSpends`, which refunds of that
 * event would have given back as bonus) reaches the creator as promotional money, spendable
 * on Apoie but never withdrawable; only the rest may leave by `Sacar`. Without this, one person
 * with N accounts supporting their own event would take N bonuses out by PIX.
 *
 * The event's rows are summed a page per transaction (an event may have any number of
 * supporters); nothing can change them meanwhile: the event is settled, so nobody supports
 * it and nothing is refunded from it.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { notify } from "../notifications/inbox";
import { emailPayout } from "../email/triggers";
import { changeWallet } from "../wallet/ledger";
import { buyerFeeOf } from "../books/fees";
import { creditPlatform } from "../books/platformAccount";
import { isConcluded } from "../../model/shared/eventRules";
import { writeEvent } from "../events/writer";

/** promoSpends rows summed per transaction: one small read each, far below Convex's limits. */
export const PAYOUT_PAGE_SIZE = 2_000;

/**
 * One step of a paid-out event's credit: adds a page of its promoSpends to `promoSoFar`, then
 * schedules the next page or credits the creator. Runs once per event: an event already
 * credited (`payoutPromoCents` set) or not paid out is left alone.
 */
export async function creditPayoutStep(ctx: MutationCtx, eventId: Id<"events">, cursor: string | null, promoSoFar: number): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null || event.settlement !== "paidOut" || event.payoutPromoCents !== undefined) return;
  const page = await ctx.db
    .query("promoSpends")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .paginate({ numItems: PAYOUT_PAGE_SIZE, cursor });
  const promoCents = page.page.reduce((total, row) => total + row.promoCents, promoSoFar);
  if (!page.isDone) {
    await ctx.scheduler.runAfter(0, internal.payouts.creditStep, { eventId, cursor: page.continueCursor, promoCents });
    return;
  }
  // A transaction may page through one query only: the fees are summed in the next step.
  await ctx.scheduler.runAfter(0, internal.payouts.feeStep, { eventId, cursor: null, promoCents, payoutFeeCents: 0, buyerFeeCents: 0 });
}

type PayoutSums = { promoCents: number; payoutFeeCents: number; buyerFeeCents: number };

/**
 * The `Taxa de serviço` of a paid-out event, a page of its contributions per transaction: the
 * fees taken from the payout (absorbed tickets, supports) and those its buyers paid on top. Then
 * credits the creator and the platform.
 */
export async function feeStep(ctx: MutationCtx, eventId: Id<"events">, cursor: string | null, sums: PayoutSums): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null || event.settlement !== "paidOut" || event.payoutPromoCents !== undefined) return;
  const page = await ctx.db
    .query("contributions")
    .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", eventId))
    .paginate({ numItems: PAYOUT_PAGE_SIZE, cursor });
  let { payoutFeeCents, buyerFeeCents } = sums;
  for (const row of page.page) {
    const buyerFee = buyerFeeOf(row);
    buyerFeeCents += buyerFee;
    payoutFeeCents += (row.feeCents ?? 0) - buyerFee;
  }
  const next = { promoCents: sums.promoCents, payoutFeeCents, buyerFeeCents };
  if (!page.isDone) await ctx.scheduler.runAfter(0, internal.payouts.feeStep, { eventId, cursor: page.continueCursor, ...next });
  else await credit(ctx, event, next);
}

/**
 * Pays the creator `Repasse: bruto − taxa = líquido` (the bonus part no more than what they get)
 * and the platform's account every fee of the event.
 */
async function credit(ctx: MutationCtx, event: Doc<"events">, sums: PayoutSums): Promise<void> {
  const netCents = event.raisedCents - sums.payoutFeeCents;
  const promoCents = Math.min(sums.promoCents, netCents);
  const platformFeeCents = sums.payoutFeeCents + sums.buyerFeeCents;
  await writeEvent(ctx, event._id, { payoutPromoCents: promoCents, payoutFeeCents: sums.payoutFeeCents, platformFeeCents });
  await changeWallet(ctx, event.creatorId, {
    kind: "payout",
    amountCents: netCents,
    eventId: event._id,
    promoCents,
    ...(sums.payoutFeeCents > 0 ? { feeCents: sums.payoutFeeCents } : {}),
  });
  await creditPlatform(ctx, event._id, platformFeeCents);
  // A flexible event paid below its goal was not concluded: its notification says so.
  const kind = isConcluded(event) ? "payout" : "flexiblePayout";
  await notify(ctx, event.creatorId, event, { kind, amountCents: netCents });
  await emailPayout(ctx, event, netCents, promoCents);
}
