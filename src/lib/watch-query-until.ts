import type { ConvexReactClient } from "convex/react";
import type { FunctionArgs, FunctionReference, FunctionReturnType } from "convex/server";

/**
 * Watches a query live until `settled` says its result is final, and resolves with it: how a
 * form waits for what the server decides after its mutation answered (a queued support or
 * purchase). Rejects when the query answers null (not the caller's, or gone).
 */
export function watchQueryUntil<Query extends FunctionReference<"query">, Settled extends NonNullable<FunctionReturnType<Query>>>(
  convex: ConvexReactClient,
  query: Query,
  args: FunctionArgs<Query>,
  settled: (result: NonNullable<FunctionReturnType<Query>>) => result is Settled,
): Promise<Settled> {
  const watch = convex.watchQuery(query, args);
  return new Promise<Settled>((resolve, reject) => {
    let unsubscribe: (() => void) | null = null;
    const check = () => {
      const result = watch.localQueryResult() as FunctionReturnType<Query> | undefined;
      if (result === undefined || (result !== null && !settled(result))) return;
      unsubscribe?.();
      unsubscribe = () => {};
      if (result === null) reject(new Error("nothing to watch: the query answered null"));
      else resolve(result as Settled);
    };
    unsubscribe = watch.onUpdate(check);
    check();
  });
}
