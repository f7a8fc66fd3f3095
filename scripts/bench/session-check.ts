import { getAuthUserId } from "@convex-dev/auth/server";
import type { Id } from "../../convex/_generated/dataModel";
import { currentUser } from "../../convex/model/users/accounts";
import type { Backend } from "./convex-backend";
import type { Cost } from "./measure";

/** Lookups timed per variant; the figure is the median of this many. */
export const SESSION_CHECK_CALLS = 1_000;

/** The caller lookup every function does, with and without the check that the session still exists. */
export type SessionCheckCost = {
  /** currentUser as it is: the user, and the session of the token. */
  withCheck: { cost: Cost; medianMicros: number };
  /** The lookup before sign-out ended access at once: the user only. */
  withoutCheck: { cost: Cost; medianMicros: number };
};

/** A signed-in caller the way Convex Auth makes one: a session, and a token naming user and session. */
export async function signedInCaller(t: Backend, userId: Id<"users">) {
  const sessionId = await t.run((ctx) => ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 30 * 24 * 3_600_000 }));
  return t.withIdentity({ subject: `${userId}|${sessionId}` });
}

/**
 * What the session check adds to every call that acts for a signed-in person (users:me,
 * supports:support and the rest all look the caller up through currentUser): documents and
 * bytes read (transaction metrics) and time, each variant run SESSION_CHECK_CALLS times in one
 * transaction, alternating so both see the same machine load.
 */
export async function measureSessionCheck(t: Backend, userId: Id<"users">): Promise<SessionCheckCost> {
  const caller = await signedInCaller(t, userId);
  return caller.mutation(async (ctx) => {
    const withoutCheck = async () => {
      const id = await getAuthUserId(ctx);
      return id === null ? null : await ctx.db.get("users", id);
    };
    const variants = { withCheck: () => currentUser(ctx), withoutCheck };
    const result = {} as SessionCheckCost;
    const micros: Record<keyof typeof variants, number[]> = { withCheck: [], withoutCheck: [] };
    for (const name of Object.keys(variants) as (keyof typeof variants)[]) {
      const before = await ctx.meta.getTransactionMetrics();
      if ((await variants[name]()) === null) throw new Error(`the ${name} lookup found no signed-in user`);
      const after = await ctx.meta.getTransactionMetrics();
      const cost = {
        documentsRead: after.documentsRead.used - before.documentsRead.used,
        bytesRead: after.bytesRead.used - before.bytesRead.used,
      };
      result[name] = { cost, medianMicros: 0 };
    }
    for (let i = 0; i < SESSION_CHECK_CALLS; i++) {
      for (const name of Object.keys(variants) as (keyof typeof variants)[]) {
        const start = performance.now();
        await variants[name]();
        micros[name].push((performance.now() - start) * 1000);
      }
    }
    for (const name of Object.keys(variants) as (keyof typeof variants)[]) result[name].medianMicros = median(micros[name]);
    return result;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
