/**
 * Convex runs a `"use node"` module in Node.js, where only actions may be defined: a push
 * whose Node module defines a query or a mutation fails with Convex's own message (the CLI
 * marks such modules `environment: "node"`).
 */
import type { ModuleExports } from "../modules.ts";
import type { PushedModule } from "./push-store.ts";

type RegisteredFunction = { isQuery?: boolean; isMutation?: boolean } | null | undefined;

/** Throws for the first query or mutation a Node module of the push defines. */
export function refuseNodeQueriesAndMutations(modules: readonly PushedModule[], byPath: ReadonlyMap<string, ModuleExports>): void {
  for (const module of modules) {
    if (module.environment !== "node") continue;
    for (const [name, value] of Object.entries(byPath.get(module.path.replace(/\.js$/, "")) ?? {})) {
      const fn = value as RegisteredFunction;
      const kind = fn?.isQuery === true ? "Query" : fn?.isMutation === true ? "Mutation" : null;
      if (kind !== null)
        throw new Error(
          `${name} defined in ${module.path} is a ${kind} function. Only actions can be defined in Node.js. ` +
            "See https://docs.convex.dev/functions/actions for more details.",
        );
    }
  }
}
