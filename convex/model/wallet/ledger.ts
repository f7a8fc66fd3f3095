import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { AnyDataModel, GenericMutationCtx, PaginationOptions } from "convex/server";
import { INITIAL_WALLET_CENTS } from "../../model/shared/money";
import { paginateOrRefuse } from "../core/pagination";
import { appError } from "../../model/shared/errors";
import { PIX_MESSAGES, WITHDRAWAL_LATE_MS, WITHDRAWAL_STATUS_TEXTS } from "../../model/shared/pix";
import { describeEntry, describeOwed, describeSplit, spendsOnEvent, type EntryKind } from "../../model/shared/statement";
import { walletCentsOf } from "../users/accounts";
import { promoAfter, promoCentsOf } from "./promo";
import { feeDetail } from "../../model/shared/fees";
import { hadWelcomeBonus, rememberWelcomeBonus } from "../privacy/welcomeBonus";

export type WalletEntryKind = Doc<"walletEntries">["kind"];
// Fails to compile if the schema's kinds and the statement's texts ever disagree.
const kindsMatch: [WalletEntryKind] extends [EntryKind] ? ([EntryKind] extends [WalletEntryKind] ? true : never) : never = true;
void kindsMatch;

/**
 * Moves money in or out of a user's wallet and writes its statement row, in the caller's
 * transaction, so the wallet always equals the sum of its entries. `amountCents` is signed;
 * `promoCents` is the promotional part of a payout (model/settlement/payoutCredit.ts). Returns the new
 * balance and how much of this change was promotional (signed: a support spending bonus money
 * returns a negative part). A debit below zero is a broken invariant, not a user error.
 */
export async function changeWallet(
  ctx: MutationCtx,
  userId: Id<"users">,
  change: {
    kind: WalletEntryKind;
    amountCents: number;
    eventId?: Id<"events">;
    depositId?: Id<"deposits">;
    withdrawalId?: Id<"withdrawals">;
    promoCents?: number;
    /** On a take-back (model/wallet/owed.ts): what the wallet could not cover. */
    owedCents?: number;
    /** The service fee included in amountCents (model/books/fees.ts), shown on the statement line. */
    feeCents?: number;
  },
): Promise<{ balanceAfterCents: number; promoCents: number }> {
  const user = await ctx.db.get("users", userId);
  if (user === null) throw new Error(`wallet change for a missing user ${userId}`);
  const owed = user.owedCents ?? 0;
  // Money owed to the bank comes first: no support (nor ticket) while any is owed.
  if (spendsOnEvent(change.kind) && change.amountCents < 0 && owed > 0) throw appError("MONEY_OWED", PIX_MESSAGES.supportWhileOwed(owed));
  const balanceAfterCents = walletCentsOf(user) + change.amountCents;
  if (balanceAfterCents < 0) throw new Error(`wallet of ${userId} would go below zero`);
  // The welcome bonus stays promotional whatever happens: a withdrawal may never reach it.
  const promoBefore = promoCentsOf(user);
  const promoCents = await promoAfter(ctx, user, change);
  if (promoCents > balanceAfterCents) throw new Error(`wallet of ${userId} would pay out promotional money`);
  await ctx.db.patch("users", userId, { walletCents: balanceAfterCents, promoCents });
  const { promoCents: _named, ...entry } = change;
  void _named;
  await ctx.db.insert("walletEntries", { userId, ...entry, balanceAfterCents, promoCents: promoCents - promoBefore });
  // Withdrawable money coming in pays what is owed first.
  const repaid = change.amountCents > 0 && change.kind !== "owedPaid" ? Math.min(owed, balanceAfterCents - promoCents) : 0;
  if (repaid > 0) {
    await ctx.db.patch("users", userId, { owedCents: owed - repaid });
    return changeWallet(ctx, userId, { kind: "owedPaid", amountCents: -repaid });
  }
  return { balanceAfterCents, promoCents: promoCents - promoBefore };
}

/** Opens a new user's wallet with its welcome bonus (first sign-in, demo users). */
export async function openWallet(ctx: MutationCtx, userId: Id<"users">, cents: number): Promise<void> {
  await ctx.db.patch("users", userId, { walletCents: cents, promoCents: cents });
  await ctx.db.insert("walletEntries", { userId, kind: "welcome", amountCents: cents, balanceAfterCents: cents, promoCents: cents });
}

/** Opens the wallet with its welcome bonus on a user's first sign-in (Convex Auth's callback). */
export async function giveInitialWallet(
  // Convex Auth's callback hands us a mutation context typed for any data model.
  ctx: GenericMutationCtx<AnyDataModel>,
  userId: Id<"users">,
): Promise<void> {
  const appCtx = ctx as unknown as MutationCtx;
  const user = await appCtx.db.get("users", userId);
  if (user === null || user.walletCents !== undefined) return;
  // One bonus per e-mail: an account deleted and made again starts empty (model/privacy/welcomeBonus.ts).
  if (await hadWelcomeBonus(appCtx, user.email)) {
    await appCtx.db.patch("users", userId, { walletCents: 0, promoCents: 0 });
    return;
  }
  await openWallet(appCtx, userId, INITIAL_WALLET_CENTS);
  await rememberWelcomeBonus(appCtx, user.email);
}

/**
 * Gives a wallet that predates the statement one "opening" entry of its balance, so that
 * Σ entries = wallet. Idempotent: a user with any entry is left alone.
 */
export async function backfillOpeningEntry(ctx: MutationCtx, user: Doc<"users">): Promise<boolean> {
  if (user.walletCents === undefined) return false;
  const any = await ctx.db
    .query("walletEntries")
    .withIndex("by_userId", (q) => q.eq("userId", user._id))
    .first();
  if (any !== null) return false;
  await ctx.db.insert("walletEntries", {
    userId: user._id,
    kind: "opening",
    amountCents: user.walletCents,
    balanceAfterCents: user.walletCents,
    promoCents: promoCentsOf(user),
  });
  await ctx.db.patch("users", user._id, { promoCents: promoCentsOf(user) });
  return true;
}

/** A page of the user's statement, newest first, each entry with its event's name. */
export async function statementPage(ctx: QueryCtx, userId: Id<"users">, paginationOpts: PaginationOptions) {
  const page = await paginateOrRefuse(
    ctx.db
      .query("walletEntries")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .order("desc"),
    paginationOpts,
  );
  const names = new Map<Id<"events">, string | null>();
  const rows = [];
  for (const entry of page.page) {
    let eventName: string | null = null;
    if (entry.eventId !== undefined) {
      if (!names.has(entry.eventId)) names.set(entry.eventId, (await ctx.db.get("events", entry.eventId))?.name ?? null);
      eventName = names.get(entry.eventId) ?? null;
    }
    // A withdrawal's line shows its state (`Em processamento`, `Pago`, `Falhou`), live.
    const withdrawal =
      entry.withdrawalId === undefined || entry.kind !== "withdrawal" ? null : await ctx.db.get("withdrawals", entry.withdrawalId);
    rows.push({
      _id: entry._id,
      ...(withdrawal === null ? {} : { state: WITHDRAWAL_STATUS_TEXTS[withdrawal.status] }),
      at: entry._creationTime,
      kind: entry.kind,
      description: describeEntry(entry.kind, eventName),
      detail: joinDetails(
        feeDetail(entry.kind, entry.amountCents, entry.feeCents),
        describeSplit(entry.kind, entry.amountCents, entry.promoCents) ??
          describeOwed(entry.owedCents) ??
          (withdrawal !== null && withdrawal.status === "processing" && Date.now() - withdrawal._creationTime > WITHDRAWAL_LATE_MS
            ? PIX_MESSAGES.withdrawalLate
            : null),
      ),
      amountCents: entry.amountCents,
      balanceAfterCents: entry.balanceAfterCents,
      eventName,
    });
  }
  return { ...page, page: rows };
}
/** A statement line's details in one text (the service fee first), or null when it has none. */
function joinDetails(...details: (string | null)[]): string | null {
  const shown = details.filter((detail) => detail !== null);
  return shown.length === 0 ? null : shown.join(" · ");
}

export type StatementRow = Awaited<ReturnType<typeof statementPage>>["page"][number];
