/**
 * Money the bank takes back after it was credited: a PIX deposit returned (`refunded`,
 * `charged_back`, the PIX return mechanism MED), or a withdrawal the bank paid after it had
 * failed and its money had come back. The wallet gives back what it can of its withdrawable
 * money (bonus money never pays a real debt); the rest is owed (`owedCents`). While anything is
 * owed nothing can be supported or withdrawn (changeWallet, requestWithdrawal), and the next
 * withdrawable money that comes in pays it first (`Pagamento de valor devido`).
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { changeWallet } from "./ledger";
import { withdrawableCentsOf } from "./promo";

export async function takeBack(
  ctx: MutationCtx,
  userId: Id<"users">,
  change: {
    kind: "depositReturned" | "withdrawalReclaimed";
    amountCents: number;
    depositId?: Id<"deposits">;
    withdrawalId?: Id<"withdrawals">;
  },
): Promise<{ debitedCents: number; owedCents: number }> {
  const user = await ctx.db.get("users", userId);
  if (user === null) throw new Error(`take-back from a missing user ${userId}`);
  const debitedCents = Math.min(change.amountCents, withdrawableCentsOf(user));
  const owedCents = change.amountCents - debitedCents;
  if (owedCents > 0) await ctx.db.patch("users", userId, { owedCents: (user.owedCents ?? 0) + owedCents });
  // 0 rather than -0 when nothing could be debited: the line then only records what is owed.
  await changeWallet(ctx, userId, {
    ...change,
    amountCents: debitedCents === 0 ? 0 : -debitedCents,
    ...(owedCents > 0 ? { owedCents } : {}),
  });
  return { debitedCents, owedCents };
}
