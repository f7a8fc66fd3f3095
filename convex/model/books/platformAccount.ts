/**
 * The platform's own account: the service fees (model/books/fees.ts) it received at payouts. One row
 * and a statement beside it, written in the payout's transaction; it is no person's wallet, so
 * nothing in the app can spend or withdraw it. Payouts are rare (one per event), so the single
 * row is no point of contention.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";

/** The account's balance (0 before the first fee). */
export async function platformBalanceCents(ctx: QueryCtx): Promise<number> {
  return (await ctx.db.query("platformAccount").first())?.balanceCents ?? 0;
}

/** Credits the fees of one event's payout, with its statement row. Nothing for 0. */
export async function creditPlatform(ctx: MutationCtx, eventId: Id<"events">, amountCents: number): Promise<void> {
  if (amountCents <= 0) return;
  const account = await ctx.db.query("platformAccount").first();
  const balanceAfterCents = (account?.balanceCents ?? 0) + amountCents;
  if (account === null) await ctx.db.insert("platformAccount", { balanceCents: balanceAfterCents });
  else await ctx.db.patch("platformAccount", account._id, { balanceCents: balanceAfterCents });
  await ctx.db.insert("platformEntries", { eventId, amountCents, balanceAfterCents });
}
