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
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { notify } from "./notifications";
import { emailPayout } from "./email/triggers";
import { changeWallet } from "./wallet";

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
  await credit(ctx, event, promoCents);
}

async function credit(ctx: MutationCtx, event: Doc<"events">, promoSpentCents: number): Promise<void> {
  const promoCents = Math.min(promoSpentCents, event.raisedCents);
  await ctx.db.patch("events", event._id, { payoutPromoCents: promoCents });
  await changeWallet(ctx, event.creatorId, { kind: "payout", amountCents: event.raisedCents, eventId: event._id, promoCents });
  await notify(ctx, event.creatorId, event, { kind: "payout", amountCents: event.raisedCents });
  await emailPayout(ctx, event, event.raisedCents, promoCents);
}
