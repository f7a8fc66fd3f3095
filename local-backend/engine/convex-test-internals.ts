/**
 * convex-test does not expose its database, so the engine reaches into it. The fields used
 * are listed here and were read from convex-test 0.0.60 (node_modules/convex-test/dist);
 * `attachToInternals` fails loudly at start if a new version keeps its state differently.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { convexTest } from "convex-test";
import type { Value } from "convex/values";
import type { InstrumentedDatabase } from "../indexes/instrument-database.ts";
import type { LoadedModules } from "../modules.ts";

export type Document = { _id: string } & Record<string, Value>;

/** The parts of convex-test's private state the engine uses. */
export type ConvexGlobal = {
  /** Each component's database and module loader ("" the app); the loader rejects an unknown module. */
  components: Record<string, { db: DatabaseFake; modules: (modulePath: string) => Promise<Record<string, unknown>> }>;
  transactionManager: { _lastCommitTs: bigint; commit: (isNested: boolean) => bigint | null };
};
export type DatabaseFake = InstrumentedDatabase & {
  _documents: Record<string, Document>;
  /** Pending writes, one layer per nested transaction (null: a deletion). */
  _writes: Record<string, Document | null>[];
  _nextDocId: number;
  _lastCreationTime: number;
  /** Throws when `doc` does not match the table's validator in this instance's schema. */
  _validate: (tableName: string, doc: Document) => void;
};

export type Instance = { t: ReturnType<typeof convexTest>; modules: LoadedModules; global: ConvexGlobal };
/** A convex-test instance with its private state, for the subsystems (scheduler, files, components). */
export type EngineInstance = Instance;
/**
 * Prepares each new instance (at start and on every reload) before it serves: registers
 * components, wraps syscalls. Runs before any data is restored into it.
 */
export type InstanceSetup = (instance: EngineInstance) => Promise<void>;

function isConvexGlobal(value: unknown): value is ConvexGlobal {
  return typeof value === "object" && value !== null && "components" in value && "transactionManager" in value;
}

/**
 * convex-test keeps its state in an AsyncLocalStorage it enters on every call. Entering it
 * happens synchronously at the start of a call, so watching `AsyncLocalStorage#run` during one
 * harmless call hands us that state.
 */
export async function attachToInternals(t: Instance["t"]): Promise<ConvexGlobal> {
  const prototype = AsyncLocalStorage.prototype as { run: (...args: unknown[]) => unknown };
  const originalRun = prototype.run;
  let found: ConvexGlobal | null = null;
  prototype.run = function (this: unknown, store: unknown, ...rest: unknown[]) {
    if (found === null && isConvexGlobal(store)) found = store;
    return originalRun.call(this, store, ...rest);
  };
  let call: Promise<unknown>;
  try {
    call = t.run(async () => null);
  } finally {
    prototype.run = originalRun;
  }
  await call;
  const global = found as ConvexGlobal | null;
  if (global?.components[""]?.db._documents === undefined) {
    throw new Error("local backend: this convex-test version keeps its state differently; see engine/convex-test-internals.ts");
  }
  return global;
}
