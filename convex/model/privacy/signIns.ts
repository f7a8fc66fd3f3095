import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";

/** One sign-in, as the access record the Marco Civil asks to keep 6 months (retention.ts deletes it then). */
export async function recordSignIn(ctx: MutationCtx, userId: Id<"users">, provider: string): Promise<void> {
  await ctx.db.insert("signInRecords", { userId, at: Date.now(), provider });
}
