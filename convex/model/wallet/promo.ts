/**
 * What part of a wallet is withdrawable. The welcome bonus is promotional: it supports events
 * but never leaves by `Sacar`. The user document keeps `promoCents`, the promotional part of
 * the balance, and:
 * - a support spends promotional money first, and remembers per (person, event) how much
 *   (`promoSpends`);
 * - a refund from that event (or a purchase or support its buyer cancelled) gives that much back as promotional money first, the rest as
 *   withdrawable money;
 * - an organizer's payout keeps the origin of the money it pays: what its supporters spent of
 *   their promotional money (their `promoSpends` for the event) reaches the organizer as
 *   promotional money, the rest as withdrawable (model/settlement/payoutCredit.ts). Otherwise N accounts
 *   supporting one event, or a creator supporting their own, would turn bonuses into cash;
 * - deposits and returned withdrawals are withdrawable; a withdrawal may take at most the
 *   withdrawable part.
 * So withdrawable = wallet − promoCents, and 0 ≤ promoCents ≤ wallet always. Each statement
 * entry records its promotional part (`promoCents`), so promoCents = Σ of its entries' parts.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { INITIAL_WALLET_CENTS } from "../../model/shared/money";
import { spendsOnEvent } from "../../model/shared/statement";
import { walletCentsOf } from "../users/accounts";

/**
 * The promotional part of a user's balance. A wallet from before this was tracked counts its
 * balance as promotional up to the welcome bonus: the safe reading, it never makes the bonus
 * withdrawable.
 */
export function promoCentsOf(user: Doc<"users">): number {
  return user.promoCents ?? Math.min(walletCentsOf(user), INITIAL_WALLET_CENTS);
}

/** What `Sacar` may take: the balance less its promotional part. */
export function withdrawableCentsOf(user: Doc<"users">): number {
  return walletCentsOf(user) - promoCentsOf(user);
}

function spendsOf(ctx: MutationCtx, userId: Id<"users">, eventId: Id<"events">) {
  return ctx.db
    .query("promoSpends")
    .withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId).eq("eventId", eventId))
    .unique();
}

/**
 * The promotional balance after a wallet change of `kind` (called by changeWallet, in its
 * transaction): a support spends promotional money first, a refund returns what promotional
 * money that event took; a welcome adds to it, a payout adds its promotional part; everything
 * else leaves it alone.
 */
export async function promoAfter(
  ctx: MutationCtx,
  user: Doc<"users">,
  change: { kind: Doc<"walletEntries">["kind"]; amountCents: number; eventId?: Id<"events">; promoCents?: number },
): Promise<number> {
  const promo = promoCentsOf(user);
  if (change.kind === "welcome") return promo + change.amountCents;
  // A payout names its promotional part; it can never be more than the payout itself.
  if (change.kind === "payout") return promo + Math.min(Math.max(0, change.promoCents ?? 0), Math.max(0, change.amountCents));
  if (change.eventId === undefined) return promo;
  if (spendsOnEvent(change.kind) && change.amountCents < 0) {
    const spent = Math.min(promo, -change.amountCents);
    if (spent === 0) return promo;
    const row = await spendsOf(ctx, user._id, change.eventId);
    if (row === null) await ctx.db.insert("promoSpends", { userId: user._id, eventId: change.eventId, promoCents: spent });
    else await ctx.db.patch("promoSpends", row._id, { promoCents: row.promoCents + spent });
    return promo - spent;
  }
  if ((change.kind === "refund" || change.kind === "purchaseCancelled" || change.kind === "supportCancelled") && change.amountCents > 0) {
    const row = await spendsOf(ctx, user._id, change.eventId);
    if (row === null) return promo;
    const back = Math.min(row.promoCents, change.amountCents);
    if (back === row.promoCents) await ctx.db.delete("promoSpends", row._id);
    else await ctx.db.patch("promoSpends", row._id, { promoCents: row.promoCents - back });
    return promo + back;
  }
  return promo;
}
