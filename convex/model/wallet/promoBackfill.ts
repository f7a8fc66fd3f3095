/**
 * Gives wallets, statement entries and paid-out events from before the promotional part was
 * recorded their split, read from the ledger (run once by the migrations in convex/migrations.ts).
 * It applies today's rules to the past: an event's payout is bonus money up to what its
 * supporters spent of their bonus on it, so a payout that was credited whole as withdrawable
 * becomes bonus again as far as it is still in the wallet.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { INITIAL_WALLET_CENTS } from "../../model/shared/money";
import { spendsOnEvent } from "../../model/shared/statement";
import { writeEvent } from "../events/writer";

/** A paid-out event's bonus part: what its supporters spent of their bonus on it. */
export async function backfillPayoutPromo(ctx: MutationCtx, event: Doc<"events">): Promise<void> {
  if (event.settlement !== "paidOut" || event.payoutPromoCents !== undefined) return;
  const rows = await ctx.db
    .query("promoSpends")
    .withIndex("by_eventId", (q) => q.eq("eventId", event._id))
    .collect();
  const spent = rows.reduce((total, row) => total + row.promoCents, 0);
  await writeEvent(ctx, event._id, { payoutPromoCents: Math.min(spent, event.raisedCents) });
}

/**
 * Replays a wallet's statement, oldest first: an entry without its promotional part gets the
 * part today's rules give it (a support spends bonus first, a refund gives back what bonus
 * that event took, a payout brings its event's bonus part); an entry that has one keeps it.
 * The bonus can never exceed the balance: money already withdrawn stays withdrawn, and the
 * entry that took it records the bonus it took. Ends with the wallet's promoCents.
 */
export async function backfillWalletPromo(ctx: MutationCtx, user: Doc<"users">): Promise<void> {
  if (user.walletCents === undefined) return;
  const entries = await ctx.db
    .query("walletEntries")
    .withIndex("by_userId", (q) => q.eq("userId", user._id))
    .collect();
  if (entries.every((entry) => entry.promoCents !== undefined) && user.promoCents !== undefined) return;
  let promo = 0;
  const spentOn = new Map<string, number>();
  for (const entry of entries) {
    let part = entry.promoCents ?? (await replayedPart(ctx, entry, promo, spentOn));
    part = Math.min(part, entry.balanceAfterCents - promo);
    // Bonus a support took from the wallet is on its event until a refund brings it back.
    if ((spendsOnEvent(entry.kind) || entry.kind === "refund") && entry.eventId !== undefined) {
      spentOn.set(entry.eventId, (spentOn.get(entry.eventId) ?? 0) - part);
    }
    promo += part;
    if (entry.promoCents !== part) await ctx.db.patch("walletEntries", entry._id, { promoCents: part });
  }
  if (user.promoCents !== promo) await ctx.db.patch("users", user._id, { promoCents: promo });
}

async function replayedPart(ctx: MutationCtx, entry: Doc<"walletEntries">, promo: number, spentOn: Map<string, number>): Promise<number> {
  switch (entry.kind) {
    case "welcome":
      return entry.amountCents;
    case "opening":
      // As the wallet read before it was tracked: its balance counts as bonus up to the welcome.
      return Math.min(entry.amountCents, INITIAL_WALLET_CENTS);
    case "support":
    case "ticketPurchase":
      return -Math.min(promo, -entry.amountCents);
    case "refund":
      return entry.eventId === undefined ? 0 : Math.min(spentOn.get(entry.eventId) ?? 0, entry.amountCents);
    case "payout": {
      const event = entry.eventId === undefined ? null : await ctx.db.get("events", entry.eventId);
      return Math.min(event?.payoutPromoCents ?? 0, entry.amountCents);
    }
    default:
      return 0;
  }
}
