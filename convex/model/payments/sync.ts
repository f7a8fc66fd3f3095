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
 * Asks the provider to make a withdrawal's transfer and settles what it answers. Asking again
 * (after an unclear answer) uses the same idempotency key, so the provider answers with the
 * transfer it made the first time, if it made one: that is how an unclear transfer is read.
 *
 * The money goes back only when the provider's answer proves no transfer exists: a refusal of
 * the first request, or, once an earlier answer was unclear, a refusal of the request itself
 * (400/422: the same body was refused, so the first one was too). A lost answer, a timeout, a
 * 5xx, 408/409/425/429, or any other refusal after an unclear answer leaves the withdrawal
 * `Em processamento` for reconciliation to ask again: the bank may still pay it.
 */
export async function sendPayout(ctx: ActionCtx, withdrawalId: Id<"withdrawals">): Promise<string> {
  const input = await ctx.runQuery(internal.withdrawals.payoutInput, { withdrawalId });
  if (input === null) return "unchanged";
  const { unclear, ...payoutInput } = input;
  try {
    const payout = await createPayout({ reference: withdrawalId, ...payoutInput });
    return await ctx.runMutation(internal.withdrawals.settle, { withdrawalId, payout });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(`PIX: payout for withdrawal ${withdrawalId}: ${error.message}`);
    if (!provesNoTransfer(error, unclear)) {
      await ctx.runMutation(internal.withdrawals.markUnclear, { withdrawalId });
      return "processing";
    }
    return ctx.runMutation(internal.withdrawals.settle, {
      withdrawalId,
      payout: { status: "failed", reason: error.message.slice(0, 200) },
    });
  }
}

/** Whether a failed payout request proves the provider holds no transfer for the withdrawal. */
function provesNoTransfer(error: ProviderError, earlierAnswerUnclear: boolean): boolean {
  if (!error.definite) return false;
  return !earlierAnswerUnclear || error.status === 400 || error.status === 422;
}
