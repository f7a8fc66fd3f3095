import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { isConfigured } from "./model/payments/mercadoPago";
import { sendPayout } from "./model/payments/sync";
import { payoutValidator } from "./model/payments/validators";
import {
  markWithdrawalUnclear,
  requestWithdrawal,
  settleWithdrawal,
  withdrawalOfPayout,
  withdrawalSummary,
} from "./model/payments/withdrawals";
import { enforceRateLimit } from "./model/core/rateLimits";
import { appError } from "./model/shared/errors";
import { PIX_KEY_TYPES, PIX_MESSAGES, type PixKeyType } from "./model/shared/pix";

/**
 * `Solicitar saque`: takes the amount out of the caller's wallet at once and asks the provider
 * for the transfer. The Extrato shows it `Em processamento` until the provider settles it.
 */
export const request = signedInMutation({
  args: { amountCents: v.number(), keyType: v.string(), key: v.string(), ownerDocument: v.optional(v.string()) },
  handler: async (ctx, { amountCents, keyType, key, ownerDocument }) => {
    if (!isConfigured()) throw appError("PIX_NOT_CONFIGURED", PIX_MESSAGES.notConfigured);
    if (!(PIX_KEY_TYPES as readonly string[]).includes(keyType)) throw appError("INVALID_PIX_KEY", PIX_MESSAGES.invalidKeyType);
    await enforceRateLimit(ctx, "withdrawal", ctx.user._id);
    const withdrawalId = await requestWithdrawal(ctx, ctx.user, { amountCents, keyType: keyType as PixKeyType, key, ownerDocument });
    await ctx.scheduler.runAfter(0, internal.withdrawals.send, { withdrawalId });
    return { withdrawalId };
  },
});

/** `Disponível para saque` and the caller's withdrawal in progress; null when signed out. */
export const summary = callerQuery({
  args: {},
  handler: async (ctx) => (ctx.user === null ? null : withdrawalSummary(ctx, ctx.user)),
});

/** What the provider needs for a withdrawal's transfer, or null once it is settled. */
export const payoutInput = internalQuery({
  args: { withdrawalId: v.id("withdrawals") },
  handler: async (ctx, { withdrawalId }) => {
    const row = await ctx.db.get("withdrawals", withdrawalId);
    if (row === null || row.status !== "processing") return null;
    return {
      amountCents: row.amountCents,
      keyType: row.keyType,
      key: row.key,
      ownerDocument: row.ownerDocument,
      unclear: row.unclearSince !== undefined,
    };
  },
});

/** The provider's answer to a transfer request was unclear: it may exist (model/payments/sync.ts). */
export const markUnclear = internalMutation({
  args: { withdrawalId: v.id("withdrawals") },
  handler: (ctx, { withdrawalId }) => markWithdrawalUnclear(ctx, withdrawalId),
});

export const send = internalAction({
  args: { withdrawalId: v.id("withdrawals") },
  handler: (ctx, { withdrawalId }) => sendPayout(ctx, withdrawalId),
});

export const ofPayout = internalQuery({
  args: { payout: payoutValidator },
  handler: (ctx, { payout }) => withdrawalOfPayout(ctx, payout),
});

/** Applies a payout's state the backend read from the provider, or the provider's refusal. */
export const settle = internalMutation({
  args: {
    withdrawalId: v.id("withdrawals"),
    payout: v.union(payoutValidator, v.object({ status: v.literal("failed"), reason: v.string() })),
  },
  handler: (ctx, { withdrawalId, payout }) => settleWithdrawal(ctx, withdrawalId, payout),
});
