import type { MutationCtx } from "../../_generated/server";

/** Deletions one run may make (well under Convex's per-mutation write limit); the next run goes on. */
export const MAX_DELETIONS_PER_RUN = 2_000;

/**
 * Deletes Convex Auth sessions that expired before `now`, with their refresh tokens, which
 * Convex Auth itself leaves behind. Every session lasts the same time, so the oldest are the
 * first to expire: the scan goes in creation order and stops at the first live session.
 * Returns how many documents it deleted.
 */
export async function deleteExpiredSessions(ctx: MutationCtx, now: number): Promise<number> {
  let deleted = 0;
  for await (const session of ctx.db.query("authSessions")) {
    if (session.expirationTime > now || deleted >= MAX_DELETIONS_PER_RUN) break;
    const tokens = await ctx.db
      .query("authRefreshTokens")
      .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
      .take(MAX_DELETIONS_PER_RUN - deleted);
    for (const token of tokens) await ctx.db.delete("authRefreshTokens", token._id);
    deleted += tokens.length;
    if (deleted >= MAX_DELETIONS_PER_RUN) break;
    await ctx.db.delete("authSessions", session._id);
    deleted += 1;
  }
  return deleted;
}
