/**
 * Asking the provider and settling what it says: the one path by which a webhook, the
 * charge's own creation and reconciliation move money. Runs in actions (provider calls are
 * `fetch`), then settles in a mutation.
 */
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import type { SettleOutcome } from "./deposits";
import { createPayout, getPayment, getPayout, ProviderError } from "./mercadoPago";

/** Reads a payment by the provider's id and settles its deposit (credited at most once). */
export async function syncPayment(ctx: ActionCtx, paymentId: string): Promise<SettleOutcome> {
  const payment = await getPayment(paymentId);
  return ctx.runMutation(internal.deposits.settle, { payment });
}

/** Reads a payout by the provider's id and settles its withdrawal. */
export async function syncPayout(ctx: ActionCtx, payoutId: string): Promise<string> {
  const payout = await getPayout(payoutId);
  const withdrawalId = await ctx.runQuery(internal.withdrawals.ofPayout, { payout });
  if (withdrawalId === null) {
    console.warn(`PIX: payout ${payoutId} belongs to no withdrawal of ours; ignored`);
    return "unknown";
  }
  return ctx.runMutation(internal.withdrawals.settle, { withdrawalId, payout });
}

/**
 * Asks the provider to make a withdrawal's transfer (again, after a lost answer: the same
 * idempotency key returns the first transfer) and settles what it answers. A refusal by the
 * provider fails the withdrawal and returns the money; a network or server error leaves it in
 * progress for reconciliation to retry.
 */
export async function sendPayout(ctx: ActionCtx, withdrawalId: Id<"withdrawals">): Promise<string> {
  const input = await ctx.runQuery(internal.withdrawals.payoutInput, { withdrawalId });
  if (input === null) return "unchanged";
  try {
    const payout = await createPayout({ reference: withdrawalId, ...input });
    return await ctx.runMutation(internal.withdrawals.settle, { withdrawalId, payout });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(`PIX: payout for withdrawal ${withdrawalId}: ${error.message}`);
    if (!error.definite) return "processing";
    return ctx.runMutation(internal.withdrawals.settle, {
      withdrawalId,
      payout: { status: "failed", reason: error.message.slice(0, 200) },
    });
  }
}
