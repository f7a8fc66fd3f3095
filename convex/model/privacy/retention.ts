/**
 * What is kept after it is needed, and for how long (model/shared/privacy.ts has the periods):
 * sign-in records 6 months, then deleted; a deleted account's wallet statement and PIX records
 * 5 years, then deleted with the anonymous user row itself. Run daily by crons.ts, in batches
 * that schedule the next while there is more.
 *
 * Kept past the 5 years: the events' own ledgers (contributions, supporter totals, tickets,
 * purchases, queue rows, bonus spent), which every event's totals are recomputed from. They
 * hold no name or e-mail, and once the user row is gone their id points to nobody.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { addDeposit, addUser, addWalletEntry, addWithdrawal, EMPTY_TOTALS, type BooksTotals } from "../books/balance";
import { FINANCIAL_RETENTION_MS, SIGN_IN_RETENTION_MS } from "../../model/shared/privacy";

/** Deletions a run makes before it leaves the rest to the next: well under a mutation's write limit. */
export const MAX_DELETIONS_PER_RUN = 1_000;

/** Deletes sign-in records older than 6 months; returns whether some are left. */
export async function deleteOldSignInRecords(ctx: MutationCtx, now: number): Promise<boolean> {
  const old = await ctx.db
    .query("signInRecords")
    .withIndex("by_at", (q) => q.lt("at", now - SIGN_IN_RETENTION_MS))
    .take(MAX_DELETIONS_PER_RUN);
  for (const row of old) await ctx.db.delete("signInRecords", row._id);
  return old.length === MAX_DELETIONS_PER_RUN;
}

/** Up to `limit` of the account's statement and PIX rows, deleted, with what they counted in the books. */
async function deleteFinancialRows(ctx: MutationCtx, userId: Id<"users">, limit: number, totals: BooksTotals) {
  const entries = await ctx.db
    .query("walletEntries")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(limit);
  const deposits = await ctx.db
    .query("deposits")
    .withIndex("by_userId_and_status", (q) => q.eq("userId", userId))
    .take(limit - entries.length);
  const withdrawals = await ctx.db
    .query("withdrawals")
    .withIndex("by_userId_and_status", (q) => q.eq("userId", userId))
    .take(limit - entries.length - deposits.length);
  for (const row of entries) await ctx.db.delete("walletEntries", row._id);
  for (const row of deposits) await ctx.db.delete("deposits", row._id);
  for (const row of withdrawals) await ctx.db.delete("withdrawals", row._id);
  const counted = withdrawals.reduce(addWithdrawal, deposits.reduce(addDeposit, entries.reduce(addWalletEntry, totals)));
  return { deleted: entries.length + deposits.length + withdrawals.length, totals: counted };
}

/**
 * Deletes the financial records of accounts deleted more than 5 years ago, then their user rows.
 * What those rows counted in the books (PIX in and out, welcome bonuses, the wallet left) is
 * written, summed, as one `purgedBooks` row in the same transaction, so the books still balance
 * without them. Returns whether some are left for the next run.
 */
export async function purgeExpiredAccounts(ctx: MutationCtx, now: number): Promise<boolean> {
  let left = MAX_DELETIONS_PER_RUN;
  let totals = EMPTY_TOTALS;
  let accounts = 0;
  const expired = ctx.db
    .query("users")
    .withIndex("by_deletedAt", (q) => q.gte("deletedAt", 0).lt("deletedAt", now - FINANCIAL_RETENTION_MS));
  let more = false;
  for await (const user of expired) {
    const batch = await deleteFinancialRows(ctx, user._id, left, totals);
    [left, totals] = [left - batch.deleted, batch.totals];
    if (left <= 0) {
      more = true;
      break;
    }
    await ctx.db.delete("users", user._id);
    [left, totals, accounts] = [left - 1, addUser(totals, user), accounts + 1];
    if (left <= 0) {
      more = true;
      break;
    }
  }
  await recordPurgedBooks(ctx, now, accounts, totals);
  return more;
}

async function recordPurgedBooks(ctx: MutationCtx, now: number, accounts: number, totals: BooksTotals): Promise<void> {
  const { pixInCents, welcomeCents, pixOutCents, walletsCents } = totals;
  if (accounts === 0 && pixInCents === 0 && welcomeCents === 0 && pixOutCents === 0 && walletsCents === 0) return;
  await ctx.db.insert("purgedBooks", { at: now, accounts, pixInCents, welcomeCents, pixOutCents, walletsCents });
}
