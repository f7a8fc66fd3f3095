/**
 * The books' invariant, row by row: every cent that came into Apoie (PIX deposits, the welcome
 * credit granted) less what left by PIX is somewhere inside, to the cent:
 *
 *   PIX in + welcome − PIX out = wallets + what events hold + the platform's account + in flight
 *
 * - PIX in: deposits credited (a returned one too), less what the bank took back (its statement
 *   lines, negative). PIX out: withdrawals, less those that failed and came back.
 * - What events hold: contributions not refunded of events not paid out, with the service fee
 *   their buyers paid on top (model/books/fees.ts).
 * - In flight: supports and purchases paid but still in their event's queue, and a paid-out
 *   event's money until its creator is credited (the payout's steps).
 * - Accounts deleted more than 5 years ago are purged; their rows' part of each side is kept,
 *   summed, in `purgedBooks` and counted here as the rows were.
 *
 * The same accumulators serve the property-based tests (every row at once) and the daily check
 * (page by page, model/books/check.ts), so both check one definition.
 */
import type { Doc } from "../../_generated/dataModel";
import { buyerFeeOf } from "./fees";

export type BooksTotals = {
  pixInCents: number;
  welcomeCents: number;
  pixOutCents: number;
  walletsCents: number;
  eventsHoldCents: number;
  platformCents: number;
  inFlightCents: number;
};

export const EMPTY_TOTALS: BooksTotals = {
  pixInCents: 0,
  welcomeCents: 0,
  pixOutCents: 0,
  walletsCents: 0,
  eventsHoldCents: 0,
  platformCents: 0,
  inFlightCents: 0,
};

/** Statement lines of money the bank took back (model/wallet/owed.ts): PIX in, negative. */
const TAKE_BACK_KINDS = new Set<Doc<"walletEntries">["kind"]>(["depositReturned", "withdrawalReclaimed", "owedPaid"]);

/** In − out − everything inside: 0 when the books balance. */
export function booksDifference(totals: BooksTotals): number {
  const given = totals.pixInCents + totals.welcomeCents - totals.pixOutCents;
  return given - (totals.walletsCents + totals.eventsHoldCents + totals.platformCents + totals.inFlightCents);
}

export function addUser(totals: BooksTotals, user: Doc<"users">): BooksTotals {
  return { ...totals, walletsCents: totals.walletsCents + (user.walletCents ?? 0) };
}

/** Only the welcome (or opening) lines and the bank's take-backs count: every other line moves money inside. */
export function addWalletEntry(totals: BooksTotals, entry: Doc<"walletEntries">): BooksTotals {
  if (entry.kind === "welcome" || entry.kind === "opening") return { ...totals, welcomeCents: totals.welcomeCents + entry.amountCents };
  if (TAKE_BACK_KINDS.has(entry.kind)) return { ...totals, pixInCents: totals.pixInCents + entry.amountCents };
  return totals;
}

export function addDeposit(totals: BooksTotals, deposit: Doc<"deposits">): BooksTotals {
  const credited = deposit.status === "paid" || deposit.status === "returned";
  return credited ? { ...totals, pixInCents: totals.pixInCents + deposit.amountCents } : totals;
}

/** A withdrawal is out when asked for; a failed one came back (and one the bank paid after returning it was taken back). */
export function addWithdrawal(totals: BooksTotals, withdrawal: Doc<"withdrawals">): BooksTotals {
  const cameBack = withdrawal.status === "failed" || withdrawal.paidAfterReturn === true;
  return { ...totals, pixOutCents: totals.pixOutCents + (cameBack ? 0 : withdrawal.amountCents) };
}

/** A queued row still pending is in flight (its money left the wallet and reached no event yet). */
export function addQueuedRow(totals: BooksTotals, row: Doc<"queuedSupports">): BooksTotals {
  if (row.status !== "pending") return totals;
  return { ...totals, inFlightCents: totals.inFlightCents + row.amountCents + buyerFeeOf(row) };
}

/** A contribution with its event: held by the event, in flight to its creator, or gone (refunded, paid out). */
export function addContributionRow(totals: BooksTotals, row: Doc<"contributions">, event: Doc<"events"> | null): BooksTotals {
  if (row.refundedAt !== undefined) return totals;
  const cents = row.amountCents + buyerFeeOf(row);
  if (event === null || event.settlement !== "paidOut") return { ...totals, eventsHoldCents: totals.eventsHoldCents + cents };
  if (event.payoutPromoCents === undefined) return { ...totals, inFlightCents: totals.inFlightCents + cents };
  return totals;
}

export function addPlatform(totals: BooksTotals, balanceCents: number): BooksTotals {
  return { ...totals, platformCents: totals.platformCents + balanceCents };
}

/** What the five-year purge of deleted accounts removed (model/privacy/retention.ts), counted as the rows were. */
export function addPurgedBooks(totals: BooksTotals, row: Doc<"purgedBooks">): BooksTotals {
  return {
    ...totals,
    pixInCents: totals.pixInCents + row.pixInCents,
    welcomeCents: totals.welcomeCents + row.welcomeCents,
    pixOutCents: totals.pixOutCents + row.pixOutCents,
    walletsCents: totals.walletsCents + row.walletsCents,
  };
}
