import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { convexTest } from "convex-test";
import schema from "../../convex/schema";

const CONVEX_DIR = fileURLToPath(new URL("../../convex/", import.meta.url));

/** Files convex-test must not load as functions: tests, their helpers and type declarations. */
const NOT_A_MODULE = /\.(test|helpers)\.ts$|\.d\.ts$/;

/**
 * The modules map convex-test normally gets from Vite's `import.meta.glob`, built by hand
 * because the bench runs under plain Node (tsx). convex-test finds the functions' root from
 * the key containing "_generated" and strips extensions, so "./events.ts" serves "events:*".
 */
function convexModules(): Record<string, () => Promise<unknown>> {
  const entries = readdirSync(CONVEX_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.[jt]s$/.test(file) && !NOT_A_MODULE.test(file))
    .map((file) => {
      const url = pathToFileURL(join(CONVEX_DIR, file)).href;
      return [`./${relative(CONVEX_DIR, join(CONVEX_DIR, file))}`, () => import(url)] as const;
    });
  return Object.fromEntries(entries);
}

/**
 * A fresh in-memory backend running the real convex/ functions. `transactionLimits: true`
 * makes every call fail the way a deployment would if it read or wrote past Convex's limits.
 */
export function newBackend() {
  return convexTest({ schema, modules: convexModules(), transactionLimits: true });
}

export type Backend = ReturnType<typeof newBackend>;
