/**
 * Which open rows reconciliation asks the provider about on a run. Each run claims a batch:
 * the pending charges past their `checkAfter` and the withdrawals in processing without news
 * since WITHDRAWAL_CHECK_AFTER_MS, oldest first, and pushes each one back before the provider
 * is asked. So a row the provider keeps answering `pending` (or cannot answer) goes to the back
 * of the line, and every open row is visited over time, however many there are.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { WITHDRAWAL_LATE_MS } from "../../model/shared/pix";
import { stuckCreatingDeposits } from "./deposits";

/** Rows of each kind claimed per run; the cron runs often, so a backlog drains over a few runs. */
export const RECONCILE_BATCH = 50;
/** A pending charge asked about is asked again after this long (a webhook may still come). */
export const DEPOSIT_RECHECK_MS = 10 * 60 * 1000;
/** A withdrawal in progress is asked about again after this long without news. */
export const WITHDRAWAL_CHECK_AFTER_MS = 10 * 60 * 1000;

export type ReconcileBatch = {
  payments: string[];
  stuckDeposits: Id<"deposits">[];
  withdrawals: { _id: Id<"withdrawals">; providerPayoutId: string | null; late: boolean }[];
};

export async function claimReconcileBatch(ctx: MutationCtx, now: number): Promise<ReconcileBatch> {
  const pending = await ctx.db
    .query("deposits")
    .withIndex("by_status_and_checkAfter", (q) => q.eq("status", "pending").lt("checkAfter", now))
    .take(RECONCILE_BATCH);
  for (const row of pending) await ctx.db.patch("deposits", row._id, { checkAfter: now + DEPOSIT_RECHECK_MS });
  const creating = await stuckCreatingDeposits(ctx, now, RECONCILE_BATCH);
  const withdrawals = await ctx.db
    .query("withdrawals")
    .withIndex("by_status_and_checkedAt", (q) => q.eq("status", "processing").lt("checkedAt", now - WITHDRAWAL_CHECK_AFTER_MS))
    .take(RECONCILE_BATCH);
  for (const row of withdrawals) await ctx.db.patch("withdrawals", row._id, { checkedAt: now });
  return {
    payments: pending.flatMap((row) => (row.providerPaymentId === undefined ? [] : [row.providerPaymentId])),
    stuckDeposits: creating.map((row) => row._id),
    withdrawals: withdrawals.map((row) => ({
      _id: row._id,
      providerPayoutId: row.providerPayoutId ?? null,
      late: now - row._creationTime > WITHDRAWAL_LATE_MS,
    })),
  };
}
