import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { failDeposit, overdueDeposits } from "./model/payments/deposits";
import { ProviderError } from "./model/payments/mercadoPago";
import { sendPayout, syncPayment, syncPayout } from "./model/payments/sync";
import { staleWithdrawals } from "./model/payments/withdrawals";

/** Rows looked at per run; the cron runs often, so a backlog drains over a few runs. */
const BATCH = 50;
/** A withdrawal in progress is asked about again after this long without news. */
export const WITHDRAWAL_CHECK_AFTER_MS = 10 * 60 * 1000;

/** Charges past their expiry, stuck creations and withdrawals without news for a while. */
export const overdue = internalQuery({
  args: { now: v.number() },
  handler: async (ctx, { now }) => {
    const { pending, creating } = await overdueDeposits(ctx, now, BATCH);
    const withdrawals = await staleWithdrawals(ctx, now - WITHDRAWAL_CHECK_AFTER_MS, BATCH);
    return {
      payments: pending.flatMap((row) => (row.providerPaymentId === undefined ? [] : [row.providerPaymentId])),
      stuckDeposits: creating.map((row) => row._id),
      withdrawals: withdrawals.map((row) => ({ _id: row._id, providerPayoutId: row.providerPayoutId ?? null })),
    };
  },
});

export const failStuckDeposit = internalMutation({
  args: { depositId: v.id("deposits") },
  handler: (ctx, { depositId }) => failDeposit(ctx, depositId),
});

/**
 * Asks the provider about everything a webhook should have settled and did not, and settles
 * it the same exactly-once way: a notification that never arrives loses no money.
 */
export const run = internalAction({
  args: {},
  handler: async (ctx) => {
    const todo = await ctx.runQuery(internal.reconciliation.overdue, { now: Date.now() });
    const outcomes: string[] = [];
    const attempt = async (what: string, work: () => Promise<string>) => {
      try {
        outcomes.push(`${what}: ${await work()}`);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        console.warn(`PIX reconciliation: ${what}: ${error.message}`);
      }
    };
    for (const paymentId of todo.payments) await attempt(`payment ${paymentId}`, () => syncPayment(ctx, paymentId));
    for (const depositId of todo.stuckDeposits) {
      await ctx.runMutation(internal.reconciliation.failStuckDeposit, { depositId });
      outcomes.push(`deposit ${depositId}: failed`);
    }
    for (const { _id, providerPayoutId } of todo.withdrawals) {
      await attempt(`withdrawal ${_id}`, () => (providerPayoutId === null ? sendPayout(ctx, _id) : syncPayout(ctx, providerPayoutId)));
    }
    if (outcomes.length > 0) console.log(`PIX reconciliation: ${outcomes.join("; ")}`);
    return outcomes;
  },
});
