import type { FunctionArgs, FunctionReference, FunctionReturnType } from "convex/server";
import type { Backend } from "./convex-backend";

/** What one function call read, as Convex counts it against its per-transaction limits. */
export type Cost = { documentsRead: number; bytesRead: number };

export type Measured<T> = { result: T; cost: Cost };

type Caller = Pick<Backend, "mutation">;

/**
 * Calls a public query and returns what it read, as convex-test's transaction metrics count it.
 *
 * convex-test keeps the metrics on the running transaction and offers no accessor from
 * outside, so we run the query nested in a throwaway inline mutation and read the supported
 * `ctx.meta.getTransactionMetrics()` before and after. A nested call starts from its
 * parent's usage and hands its reads back when it ends, so the difference is exactly the
 * query's own cost, checked against the same limits (`transactionLimits: true`).
 */
export function measureQuery<Q extends FunctionReference<"query">>(
  caller: Caller,
  query: Q,
  args: FunctionArgs<Q>,
): Promise<Measured<FunctionReturnType<Q>>> {
  return caller.mutation(async (ctx) => {
    const before = await ctx.meta.getTransactionMetrics();
    const result = await ctx.runQuery(query, args);
    return { result, cost: costSince(before, await ctx.meta.getTransactionMetrics()) };
  });
}

/** The same for a public mutation; its writes are committed like a normal call's. */
export function measureMutation<M extends FunctionReference<"mutation">>(
  caller: Caller,
  mutation: M,
  args: FunctionArgs<M>,
): Promise<Measured<FunctionReturnType<M>>> {
  return caller.mutation(async (ctx) => {
    const before = await ctx.meta.getTransactionMetrics();
    const result = await ctx.runMutation(mutation, args);
    return { result, cost: costSince(before, await ctx.meta.getTransactionMetrics()) };
  });
}

type Metrics = { documentsRead: { used: number }; bytesRead: { used: number } };

function costSince(before: Metrics, after: Metrics): Cost {
  return {
    documentsRead: after.documentsRead.used - before.documentsRead.used,
    bytesRead: after.bytesRead.used - before.bytesRead.used,
  };
}
