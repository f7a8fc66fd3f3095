import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { convexTest } from "convex-test";
import type { SchemaDefinition } from "convex/server";
import schema from "../../convex/schema";

const CONVEX_DIR = fileURLToPath(new URL("../../convex/", import.meta.url));
const NODE_MODULES = fileURLToPath(new URL("../../node_modules/", import.meta.url));

/** Files convex-test must not load as functions: tests, their helpers and type declarations. */
const NOT_A_MODULE = /\.(test|helpers)\.ts$|\.d\.ts$/;

/**
 * The modules map convex-test normally gets from Vite's `import.meta.glob`, built by hand
 * because the bench runs under plain Node (tsx). convex-test finds the functions' root from
 * the key containing "_generated" and strips extensions, so "./events.ts" serves "events:*".
 */
function convexModules(dir: string = CONVEX_DIR): Record<string, () => Promise<unknown>> {
  const entries = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.[jt]s$/.test(file) && !NOT_A_MODULE.test(file))
    .map((file) => {
      const url = pathToFileURL(join(dir, file)).href;
      return [`./${relative(dir, join(dir, file))}`, () => import(url)] as const;
    });
  return Object.fromEntries(entries);
}

/**
 * The components convex/convex.config.ts installs, each with the batch worker it installs
 * itself, mounted as convex-test addresses them. Their own test helpers need Vite's
 * import.meta.glob, so the bench loads their built component folders directly.
 */
const COMPONENTS = [
  ["rateLimiter", "@convex-dev/rate-limiter"],
  ["rateLimiter/batchWorker", "@convex-dev/batch-worker"],
  ["presence", "@convex-dev/presence"],
  ["presence/batchWorker", "@convex-dev/batch-worker"],
] as const;

async function registerComponents(t: ReturnType<typeof convexTest>): Promise<void> {
  for (const [name, pkg] of COMPONENTS) {
    const dir = join(NODE_MODULES, pkg, "dist", "component");
    const { default: componentSchema } = (await import(pathToFileURL(join(dir, "schema.js")).href)) as {
      default: SchemaDefinition<never, boolean>;
    };
    t.registerComponent(name, componentSchema, convexModules(dir));
  }
}

/**
 * A fresh in-memory backend running the real convex/ functions. `transactionLimits: true`
 * makes every call fail the way a deployment would if it read or wrote past Convex's limits.
 */
export async function newBackend() {
  const t = convexTest({ schema, modules: convexModules(), transactionLimits: true });
  await registerComponents(t);
  return t;
}

export type Backend = Awaited<ReturnType<typeof newBackend>>;
