/**
 * `Adicionar saldo`: PIX charges and their exactly-once credit.
 *
 * A deposit row is written first (`creating`), then an action asks the provider for the
 * charge and stores its payment id and copia-e-cola (`pending`). Money is credited only by
 * settleDeposit, with a payment the backend itself read from the provider by id (after a
 * verified webhook or a reconciliation look-up), never with what a caller says. Settling is
 * one transaction that moves the row out of `pending`: a second, late or concurrent
 * notification finds it settled and changes nothing. A payment whose amount or currency differs
 * from the charge credits nothing and is kept for review.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { DEPOSIT_TTL_MS, MAX_DEPOSIT_CENTS, MIN_DEPOSIT_CENTS, PIX_MESSAGES } from "../../model/shared/pix";
import { notifyWallet } from "../notifications/inbox";
import { changeWallet } from "../wallet/ledger";
import { takeBack } from "../wallet/owed";
import type { Charge, Payment } from "./mercadoPago";

/** Pending charges a person may hold at once (each one can be reopened from the Extrato). */
export const MAX_PENDING_DEPOSITS = 5;

/** Checks the amount and opens a deposit row; the provider is asked for the charge next. */
export async function beginDeposit(ctx: MutationCtx, user: Doc<"users">, amountCents: number): Promise<Id<"deposits">> {
  if (!Number.isSafeInteger(amountCents) || amountCents < MIN_DEPOSIT_CENTS || amountCents > MAX_DEPOSIT_CENTS) {
    throw appError("INVALID_AMOUNT", PIX_MESSAGES.depositAmount);
  }
  if (!user.email) throw appError("NO_EMAIL", PIX_MESSAGES.noEmail);
  const open = await ctx.db
    .query("deposits")
    .withIndex("by_userId_and_status", (q) => q.eq("userId", user._id).eq("status", "pending"))
    .take(MAX_PENDING_DEPOSITS);
  if (open.length >= MAX_PENDING_DEPOSITS) throw appError("TOO_MANY_DEPOSITS", PIX_MESSAGES.tooManyDeposits);
  return ctx.db.insert("deposits", { userId: user._id, amountCents, status: "creating", expiresAt: Date.now() + DEPOSIT_TTL_MS });
}

/** Stores the provider's charge on its deposit (the action that created it calls this). */
export async function attachCharge(ctx: MutationCtx, depositId: Id<"deposits">, charge: Charge): Promise<void> {
  const deposit = await ctx.db.get("deposits", depositId);
  if (deposit === null || deposit.status !== "creating") return;
  await ctx.db.patch("deposits", depositId, {
    status: "pending",
    providerPaymentId: charge.paymentId,
    qrCode: charge.qrCode,
    expiresAt: charge.expiresAt,
    checkAfter: charge.expiresAt,
  });
}

/** The provider refused to create the charge: nothing was charged, the dialog says so. */
export async function failDeposit(ctx: MutationCtx, depositId: Id<"deposits">): Promise<void> {
  const deposit = await ctx.db.get("deposits", depositId);
  if (deposit?.status === "creating") await ctx.db.patch("deposits", depositId, { status: "failed", settledAt: Date.now() });
}

/** The deposit a payment belongs to: by the provider's id, else by our reference on it. */
async function depositOfPayment(ctx: MutationCtx, payment: Payment): Promise<Doc<"deposits"> | null> {
  const byId = await ctx.db
    .query("deposits")
    .withIndex("by_providerPaymentId", (q) => q.eq("providerPaymentId", payment.paymentId))
    .unique();
  if (byId !== null) return byId;
  // Paid before the creating action stored the id (its answer and the payment crossed).
  const reference = payment.externalReference === null ? null : ctx.db.normalizeId("deposits", payment.externalReference);
  const byReference = reference === null ? null : await ctx.db.get("deposits", reference);
  return byReference?.providerPaymentId === undefined ? byReference : null;
}

export type SettleOutcome = "credited" | "unchanged" | "unknown" | "review" | "expired" | "cancelled" | "pending" | "returned";

/**
 * Applies what the provider says of a payment, exactly once: an approved payment of the
 * charge's amount in BRL credits the wallet (`Depósito via PIX`) and tells the person; a
 * different amount or currency credits nothing and is kept for review; a cancelled or
 * rejected one closes the charge. A credited deposit whose payment comes back (refunded,
 * charged back) is taken back from the wallet, once (model/wallet/owed.ts); otherwise a settled
 * deposit never changes again.
 */
export async function settleDeposit(ctx: MutationCtx, payment: Payment): Promise<SettleOutcome> {
  const deposit = await depositOfPayment(ctx, payment);
  if (deposit === null) {
    console.warn(`PIX: payment ${payment.paymentId} belongs to no charge of ours; ignored`);
    return "unknown";
  }
  if (payment.externalReference !== null && payment.externalReference !== deposit._id) {
    console.warn(`PIX: payment ${payment.paymentId} names charge ${payment.externalReference}, not ${deposit._id}; ignored`);
    return "unknown";
  }
  const now = Date.now();
  if (deposit.status === "paid" && (payment.status === "refunded" || payment.status === "charged_back")) {
    // The bank took the money back after we credited it: so does the wallet.
    console.warn(`PIX: payment ${payment.paymentId} ${payment.status} after it was credited; ${deposit.amountCents} cents taken back`);
    await ctx.db.patch("deposits", deposit._id, { status: "returned", settledAt: now });
    await takeBack(ctx, deposit.userId, { kind: "depositReturned", amountCents: deposit.amountCents, depositId: deposit._id });
    return "returned";
  }
  if (deposit.status !== "pending" && deposit.status !== "creating") return "unchanged";
  if (payment.status === "other") {
    console.warn(`PIX: payment ${payment.paymentId} in a state we do not know (${payment.statusDetail}); left pending`);
    return "pending";
  }
  if (payment.status === "approved") {
    const amountOk = payment.amountCents === deposit.amountCents && payment.paidCents === deposit.amountCents;
    const currencyOk = payment.currency === "BRL";
    if (!amountOk || !currencyOk) {
      const reviewReason = `pago ${payment.paidCents ?? "?"} centavos em ${payment.currency || "?"}; cobrado ${deposit.amountCents} em BRL`;
      console.warn(`PIX: payment ${payment.paymentId} kept for review: ${reviewReason}`);
      await ctx.db.patch("deposits", deposit._id, { status: "review", reviewReason, settledAt: now, providerPaymentId: payment.paymentId });
      return "review";
    }
    await ctx.db.patch("deposits", deposit._id, { status: "paid", settledAt: now, providerPaymentId: payment.paymentId });
    await changeWallet(ctx, deposit.userId, { kind: "deposit", amountCents: deposit.amountCents, depositId: deposit._id });
    await notifyWallet(ctx, deposit.userId, { kind: "depositConfirmed", amountCents: deposit.amountCents });
    return "credited";
  }
  if (
    payment.status === "cancelled" ||
    payment.status === "rejected" ||
    payment.status === "refunded" ||
    payment.status === "charged_back"
  ) {
    const expired = payment.statusDetail === "expired" || now >= deposit.expiresAt;
    await ctx.db.patch("deposits", deposit._id, {
      status: expired ? "expired" : "cancelled",
      settledAt: now,
      providerPaymentId: payment.paymentId,
    });
    return expired ? "expired" : "cancelled";
  }
  return "pending";
}

/**
 * The payer's dialog reached the charge's expiry with the charge still pending: a late webhook
 * may be all that is missing, so the payment is read at the provider before the dialog may say
 * `Expirado`. Once per charge (a second call finds it asked for) and only for its owner, so it
 * costs the provider one read per charge at most. A dialog whose clock runs ahead of the
 * server's gets its read at the expiry itself, so it never waits for nothing. Returns when the
 * read is to run, or null when there is nothing to read.
 */
export async function verifyAtExpiry(ctx: MutationCtx, userId: Id<"users">, depositId: Id<"deposits">): Promise<number | null> {
  const deposit = await ctx.db.get("deposits", depositId);
  if (deposit === null || deposit.userId !== userId || deposit.status !== "pending") return null;
  if (deposit.verifyRequestedAt !== undefined) return null;
  const now = Date.now();
  await ctx.db.patch("deposits", depositId, { verifyRequestedAt: now });
  return Math.max(now, deposit.expiresAt);
}

/** The read asked for by verifyAtExpiry is done (whatever the provider said): the dialog may now say `Expirado`. */
export async function markVerified(ctx: MutationCtx, depositId: Id<"deposits">): Promise<void> {
  const deposit = await ctx.db.get("deposits", depositId);
  if (deposit !== null) await ctx.db.patch("deposits", depositId, { verifiedAt: Math.max(Date.now(), deposit.expiresAt) });
}

/** One of the person's deposits as the dialog shows it, or null when it is not theirs. */
export async function depositView(ctx: QueryCtx, userId: Id<"users">, depositId: Id<"deposits">) {
  const deposit = await ctx.db.get("deposits", depositId);
  return deposit === null || deposit.userId !== userId ? null : viewOf(deposit);
}

function viewOf(deposit: Doc<"deposits">) {
  return {
    /** Whether the payment was read at the provider after the charge expired (see verifyAtExpiry). */
    verifiedAfterExpiry: deposit.verifiedAt !== undefined && deposit.verifiedAt >= deposit.expiresAt,
    _id: deposit._id,
    amountCents: deposit.amountCents,
    status: deposit.status,
    qrCode: deposit.qrCode ?? null,
    expiresAt: deposit.expiresAt,
    createdAt: deposit._creationTime,
  };
}
export type DepositView = ReturnType<typeof viewOf>;

/**
 * The person's charges still to be paid (reopenable), newest first. One past its expiry stays
 * here until the provider (or reconciliation) says so; the UI hides it by its expiresAt.
 */
export async function pendingDeposits(ctx: QueryCtx, userId: Id<"users">): Promise<DepositView[]> {
  const rows = await ctx.db
    .query("deposits")
    .withIndex("by_userId_and_status", (q) => q.eq("userId", userId).eq("status", "pending"))
    .order("desc")
    .take(MAX_PENDING_DEPOSITS);
  return rows.map(viewOf);
}

/**
 * The person's payments held for review (what was paid differs from the charge), newest first:
 * nothing was credited, and the Extrato says so (`Em análise`) instead of hiding them.
 */
export async function depositsInReview(ctx: QueryCtx, userId: Id<"users">): Promise<DepositView[]> {
  const rows = await ctx.db
    .query("deposits")
    .withIndex("by_userId_and_status", (q) => q.eq("userId", userId).eq("status", "review"))
    .order("desc")
    .take(MAX_PENDING_DEPOSITS);
  return rows.map(viewOf);
}

/**
 * Charges still `creating` well after they began (the action that asks for the charge never
 * finished): they will never get their charge.
 */
export function stuckCreatingDeposits(ctx: QueryCtx, now: number, limit: number) {
  return ctx.db
    .query("deposits")
    .withIndex("by_status_and_expiresAt", (q) => q.eq("status", "creating").lt("expiresAt", now + DEPOSIT_TTL_MS - STUCK_CREATING_MS))
    .take(limit);
}

/** A deposit still `creating` this long after it began will never get its charge. */
export const STUCK_CREATING_MS = 5 * 60 * 1000;
