import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import {
  attachCharge,
  beginDeposit,
  depositsInReview,
  depositView,
  failDeposit,
  markVerified as markDepositVerified,
  pendingDeposits,
  settleDeposit,
  verifyAtExpiry as askVerify,
} from "./model/payments/deposits";
import { syncPayment } from "./model/payments/sync";
import { createCharge, isConfigured, ProviderError } from "./model/payments/mercadoPago";
import { paymentValidator } from "./model/payments/validators";
import { enforceRateLimit } from "./model/core/rateLimits";
import { appError } from "./model/shared/errors";
import { PIX_MESSAGES } from "./model/shared/pix";

/**
 * `Gerar PIX`: opens a deposit of `amountCents` and asks the provider for its charge. The
 * dialog follows `deposits:get` for the QR code and the payment, live.
 */
export const create = signedInMutation({
  args: { amountCents: v.number() },
  handler: async (ctx, { amountCents }) => {
    if (!isConfigured()) throw appError("PIX_NOT_CONFIGURED", PIX_MESSAGES.notConfigured);
    await enforceRateLimit(ctx, "deposit", ctx.user._id);
    const depositId = await beginDeposit(ctx, ctx.user, amountCents);
    await ctx.scheduler.runAfter(0, internal.deposits.requestCharge, { depositId, attempt: 1 });
    return { depositId };
  },
});

/** One of the caller's deposits (status, copia-e-cola, expiry); null when not theirs. */
export const get = callerQuery({
  args: { depositId: v.string() },
  handler: async (ctx, { depositId }) => {
    const id = idArg(ctx, "deposits", depositId);
    return ctx.user === null || id === null ? null : depositView(ctx, ctx.user._id, id);
  },
});

/** The caller's charges waiting to be paid, to reopen from the Extrato. */
export const pending = callerQuery({
  args: {},
  handler: async (ctx) => (ctx.user === null ? [] : pendingDeposits(ctx, ctx.user._id)),
});

/**
 * The caller's open dialog reached the charge's expiry: reads the payment at the provider before
 * the dialog may say `Expirado` (it says `Verificando pagamento…` meanwhile). Once per charge.
 */
export const verifyAtExpiry = signedInMutation({
  args: { depositId: v.string() },
  handler: async (ctx, { depositId }) => {
    const id = idArg(ctx, "deposits", depositId);
    const at = id === null ? null : await askVerify(ctx, ctx.user._id, id);
    if (id !== null && at !== null) await ctx.scheduler.runAt(at, internal.deposits.verify, { depositId: id });
  },
});

export const verifyInput = internalQuery({
  args: { depositId: v.id("deposits") },
  handler: async (ctx, { depositId }) => (await ctx.db.get("deposits", depositId))?.providerPaymentId ?? null,
});

export const verify = internalAction({
  args: { depositId: v.id("deposits") },
  handler: async (ctx, { depositId }) => {
    const paymentId = await ctx.runQuery(internal.deposits.verifyInput, { depositId });
    try {
      if (paymentId !== null) await syncPayment(ctx, paymentId);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Reconciliation asks again later; the dialog must not wait forever.
      console.warn(`PIX: payment of deposit ${depositId} could not be read at its expiry: ${error.message}`);
    }
    await ctx.runMutation(internal.deposits.markVerified, { depositId });
  },
});

export const markVerified = internalMutation({
  args: { depositId: v.id("deposits") },
  handler: (ctx, { depositId }) => markDepositVerified(ctx, depositId),
});

/** The caller's payments held for review (`Em análise` in the Extrato). */
export const inReview = callerQuery({
  args: {},
  handler: async (ctx) => (ctx.user === null ? [] : depositsInReview(ctx, ctx.user._id)),
});

/** What the provider needs to create a deposit's charge, or null when it is no longer creating. */
export const chargeInput = internalQuery({
  args: { depositId: v.id("deposits") },
  handler: async (ctx, { depositId }) => {
    const deposit = await ctx.db.get("deposits", depositId);
    if (deposit === null || deposit.status !== "creating") return null;
    const user = await ctx.db.get("users", deposit.userId);
    if (!user?.email) return null;
    return { amountCents: deposit.amountCents, payerEmail: user.email };
  },
});

/** Retries of a charge creation the provider did not answer (same idempotency key each time). */
const CHARGE_ATTEMPTS = 3;

/** Asks the provider for a deposit's charge and stores it; a refusal fails the deposit. */
export const requestCharge = internalAction({
  args: { depositId: v.id("deposits"), attempt: v.number() },
  handler: async (ctx, { depositId, attempt }) => {
    const input = await ctx.runQuery(internal.deposits.chargeInput, { depositId });
    if (input === null) return;
    try {
      const charge = await createCharge({ reference: depositId, ...input });
      await ctx.runMutation(internal.deposits.attach, { depositId, ...charge });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      console.warn(`PIX: charge for deposit ${depositId} (attempt ${attempt}): ${error.message}`);
      if (!error.definite && attempt < CHARGE_ATTEMPTS) {
        await ctx.scheduler.runAfter(1000 * 2 ** attempt, internal.deposits.requestCharge, { depositId, attempt: attempt + 1 });
      } else {
        await ctx.runMutation(internal.deposits.fail, { depositId });
      }
    }
  },
});

export const attach = internalMutation({
  args: { depositId: v.id("deposits"), paymentId: v.string(), qrCode: v.string(), expiresAt: v.number() },
  handler: (ctx, { depositId, ...charge }) => attachCharge(ctx, depositId, charge),
});

export const fail = internalMutation({
  args: { depositId: v.id("deposits") },
  handler: (ctx, { depositId }) => failDeposit(ctx, depositId),
});

/** Applies a payment the backend read from the provider (never one a caller sent). */
export const settle = internalMutation({
  args: { payment: paymentValidator },
  handler: (ctx, { payment }) => settleDeposit(ctx, payment),
});
