import { fileURLToPath } from "node:url";
import { convexTest } from "convex-test";
import schema from "../../convex/schema";
import { registerComponents, meterConvexTest, loadModules, type LoadedModules } from "../../local-backend/index.ts";

const CONVEX_DIR = fileURLToPath(new URL("../../convex/", import.meta.url));

/**
 * convex/'s modules, loaded once for every backend of the run. The bench runs under plain Node
 * (tsx), without Vite's `import.meta.glob`, so it finds and loads them as the local backend
 * does (local-backend/modules.ts: one rule for which files are modules).
 */
let modules: Promise<LoadedModules> | null = null;

/**
 * A fresh in-memory backend running the real convex/ functions, with the components of
 * convex/convex.config.ts registered as the local backend registers them.
 * `transactionLimits: true` makes every call fail the way a deployment would if it read or
 * wrote past Convex's limits.
 */
export async function newBackend() {
  modules ??= loadModules(CONVEX_DIR);
  const t = convexTest({ schema, modules: (await modules).glob, transactionLimits: true });
  await registerComponents({ t }, CONVEX_DIR);
  // Each function's highest share of each limit, for the bench's limits part.
  await meterConvexTest(t);
  return t;
}

export type Backend = Awaited<ReturnType<typeof newBackend>>;
