import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation } from "./_generated/server";
import { failDeposit } from "./model/payments/deposits";
import { ProviderError } from "./model/payments/mercadoPago";
import { sendPayout, syncPayment, syncPayout } from "./model/payments/sync";
import { claimReconcileBatch } from "./model/payments/reconcile";

/** Claims this run's rows (model/payments/reconcile.ts): each is pushed back before it is asked about. */
export const claim = internalMutation({
  args: { now: v.number() },
  handler: (ctx, { now }) => claimReconcileBatch(ctx, now),
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
    const todo = await ctx.runMutation(internal.reconciliation.claim, { now: Date.now() });
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
    for (const { _id, providerPayoutId, late } of todo.withdrawals) {
      if (late) console.error(`PIX reconciliation: withdrawal ${_id} still in processing after a day; the provider is asked again`);
      await attempt(`withdrawal ${_id}`, () => (providerPayoutId === null ? sendPayout(ctx, _id) : syncPayout(ctx, providerPayoutId)));
    }
    if (outcomes.length > 0) console.log(`PIX reconciliation: ${outcomes.join("; ")}`);
    return outcomes;
  },
});
