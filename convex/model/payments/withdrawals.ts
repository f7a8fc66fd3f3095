/**
 * `Sacar`: transfers from the wallet to a PIX key.
 *
 * The amount leaves the wallet in the request's transaction (`Saque via PIX`, `Em
 * processamento`), so it cannot be spent twice; an action then asks the provider for the
 * transfer, with the withdrawal's id as its idempotency key. The provider's word settles it:
 * `Pago`, or `Falhou` with the money back in the wallet (`Saque devolvido`). Only the
 * withdrawable part of a wallet may leave (model/wallet/promo.ts), and a person has at most one
 * withdrawal in progress.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { MAX_AMOUNT_CENTS } from "../../model/shared/money";
import {
  keyIsDocument,
  MIN_WITHDRAWAL_CENTS,
  normalizeOwnerDocument,
  normalizePixKey,
  PIX_MESSAGES,
  type PixKeyType,
} from "../../model/shared/pix";
import { notifyWallet } from "../notifications/inbox";
import { changeWallet } from "../wallet/ledger";
import { takeBack } from "../wallet/owed";
import { withdrawableCentsOf } from "../wallet/promo";
import type { Payout } from "./mercadoPago";

/** The person's withdrawal still in progress, if any. */
export function withdrawalInProgress(ctx: QueryCtx, userId: Id<"users">) {
  return ctx.db
    .query("withdrawals")
    .withIndex("by_userId_and_status", (q) => q.eq("userId", userId).eq("status", "processing"))
    .first();
}

/**
 * Checks a withdrawal request and takes the money out of the wallet at once. Refusals, in
 * order: amount (whole cents, at least the minimum), key valid for its type, the holder's CPF or
 * CNPJ (the key itself for those types), one withdrawal at a time, at most `Disponível para saque`.
 */
export async function requestWithdrawal(
  ctx: MutationCtx,
  user: Doc<"users">,
  args: { amountCents: number; keyType: PixKeyType; key: string; ownerDocument?: string },
): Promise<Id<"withdrawals">> {
  const { amountCents, keyType } = args;
  if (!Number.isSafeInteger(amountCents) || amountCents < MIN_WITHDRAWAL_CENTS || amountCents > MAX_AMOUNT_CENTS) {
    throw appError("INVALID_AMOUNT", PIX_MESSAGES.withdrawalAmount);
  }
  const key = normalizePixKey(keyType, args.key);
  if (key === null) throw appError("INVALID_PIX_KEY", PIX_MESSAGES.invalidPixKey(keyType));
  const ownerDocument = normalizeOwnerDocument(keyIsDocument(keyType) ? key : (args.ownerDocument ?? ""));
  if (ownerDocument === null) throw appError("INVALID_OWNER_DOCUMENT", PIX_MESSAGES.invalidOwnerDocument);
  if ((user.owedCents ?? 0) > 0) throw appError("MONEY_OWED", PIX_MESSAGES.withdrawalWhileOwed(user.owedCents ?? 0));
  if ((await withdrawalInProgress(ctx, user._id)) !== null) throw appError("WITHDRAWAL_IN_PROGRESS", PIX_MESSAGES.withdrawalInProgress);
  const withdrawable = withdrawableCentsOf(user);
  if (amountCents > withdrawable) throw appError("ABOVE_WITHDRAWABLE", PIX_MESSAGES.aboveWithdrawable(withdrawable));
  const withdrawalId = await ctx.db.insert("withdrawals", {
    userId: user._id,
    amountCents,
    keyType,
    key,
    ownerDocument,
    status: "processing",
    checkedAt: Date.now(),
  });
  await changeWallet(ctx, user._id, { kind: "withdrawal", amountCents: -amountCents, withdrawalId });
  return withdrawalId;
}

/**
 * Applies what the provider says of a withdrawal, once: paid → `Pago` and a notification;
 * failed → `Falhou`, the money back (`Saque devolvido`) and a notification. A settled
 * withdrawal never changes again. A `reason` instead of a payout: the provider refused to make it.
 */
export async function settleWithdrawal(
  ctx: MutationCtx,
  withdrawalId: Id<"withdrawals">,
  payout: Payout | { status: "failed"; reason: string },
): Promise<"paid" | "failed" | "processing" | "unchanged"> {
  const withdrawal = await ctx.db.get("withdrawals", withdrawalId);
  if (withdrawal?.status === "failed" && payout.status === "paid") return paidAfterReturn(ctx, withdrawal, payout);
  if (withdrawal === null || withdrawal.status !== "processing") return "unchanged";
  const providerPayoutId = "payoutId" in payout ? payout.payoutId : withdrawal.providerPayoutId;
  if ("payoutId" in payout && withdrawal.providerPayoutId !== undefined && withdrawal.providerPayoutId !== payout.payoutId) {
    console.warn(`PIX: payout ${payout.payoutId} is not withdrawal ${withdrawalId}'s (${withdrawal.providerPayoutId}); ignored`);
    return "unchanged";
  }
  const now = Date.now();
  if (payout.status === "processing") {
    await ctx.db.patch("withdrawals", withdrawalId, { providerPayoutId, checkedAt: now });
    return "processing";
  }
  const { userId, amountCents } = withdrawal;
  if (payout.status === "paid") {
    await ctx.db.patch("withdrawals", withdrawalId, { status: "paid", providerPayoutId, checkedAt: now, settledAt: now });
    await notifyWallet(ctx, userId, { kind: "withdrawalPaid", amountCents });
    return "paid";
  }
  const failureReason = "reason" in payout ? payout.reason : "recusado pelo provedor";
  console.warn(`PIX: withdrawal ${withdrawalId} failed (${failureReason}); ${amountCents} cents returned`);
  await ctx.db.patch("withdrawals", withdrawalId, { status: "failed", providerPayoutId, checkedAt: now, settledAt: now, failureReason });
  await changeWallet(ctx, userId, { kind: "withdrawalReturned", amountCents, withdrawalId });
  await notifyWallet(ctx, userId, { kind: "withdrawalFailed", amountCents });
  return "failed";
}

/**
 * The provider says a withdrawal whose money had come back was paid after all: never dropped.
 * It becomes `Pago` and its money is taken back from the wallet (model/wallet/owed.ts), once.
 */
async function paidAfterReturn(ctx: MutationCtx, withdrawal: Doc<"withdrawals">, payout: Payout): Promise<"paid" | "unchanged"> {
  if (withdrawal.providerPayoutId !== undefined && withdrawal.providerPayoutId !== payout.payoutId) return "unchanged";
  console.error(`PIX: withdrawal ${withdrawal._id} was paid after it failed; ${withdrawal.amountCents} cents taken back`);
  const now = Date.now();
  await ctx.db.patch("withdrawals", withdrawal._id, {
    status: "paid",
    providerPayoutId: payout.payoutId,
    checkedAt: now,
    settledAt: now,
    paidAfterReturn: true,
  });
  await takeBack(ctx, withdrawal.userId, {
    kind: "withdrawalReclaimed",
    amountCents: withdrawal.amountCents,
    withdrawalId: withdrawal._id,
  });
  await notifyWallet(ctx, withdrawal.userId, { kind: "withdrawalPaid", amountCents: withdrawal.amountCents });
  return "paid";
}

/**
 * Remembers that the provider's answer to this withdrawal's transfer was unclear (lost, a
 * timeout, a 5xx, 408/409/425/429): from then on only a proof that no transfer exists returns
 * the money, and reconciliation keeps asking.
 */
export async function markWithdrawalUnclear(ctx: MutationCtx, withdrawalId: Id<"withdrawals">): Promise<void> {
  const withdrawal = await ctx.db.get("withdrawals", withdrawalId);
  if (withdrawal === null || withdrawal.status !== "processing") return;
  await ctx.db.patch("withdrawals", withdrawalId, { unclearSince: withdrawal.unclearSince ?? Date.now(), checkedAt: Date.now() });
}

/** The withdrawal a provider payout id belongs to, by its id or by our reference on it. */
export async function withdrawalOfPayout(ctx: QueryCtx, payout: Payout): Promise<Id<"withdrawals"> | null> {
  const byId = await ctx.db
    .query("withdrawals")
    .withIndex("by_providerPayoutId", (q) => q.eq("providerPayoutId", payout.payoutId))
    .unique();
  if (byId !== null) return byId._id;
  const reference = payout.externalReference === null ? null : ctx.db.normalizeId("withdrawals", payout.externalReference);
  const row = reference === null ? null : await ctx.db.get("withdrawals", reference);
  return row !== null && row.providerPayoutId === undefined ? row._id : null;
}

/** What the `Sacar` dialog shows: `Disponível para saque` and the withdrawal in progress. */
export async function withdrawalSummary(ctx: QueryCtx, user: Doc<"users">) {
  const inProgress = await withdrawalInProgress(ctx, user._id);
  return {
    withdrawableCents: withdrawableCentsOf(user),
    owedCents: user.owedCents ?? 0,
    inProgress:
      inProgress === null ? null : { _id: inProgress._id, amountCents: inProgress.amountCents, requestedAt: inProgress._creationTime },
  };
}
