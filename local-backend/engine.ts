/**
 * Runs the convex/ functions on convex-test's in-memory engine, and adds what a server needs
 * on top of it: only public functions for clients, one mutation at a time, commit
 * notifications with their timestamps, snapshots of the database (ids and _creationTime
 * kept) and swapping in freshly loaded modules without losing data.
 *
 * convex-test does not expose its database, so `attachToInternals` reaches into it; the
 * fields used are listed in `ConvexGlobal` and were read from convex-test 0.0.60.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { convexTest } from "convex-test";
import { makeFunctionReference, type SchemaDefinition } from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { Identity } from "./auth-keys.ts";
import { Gate, Mutex } from "./locks.ts";
import { loadModules, type LoadedModules } from "./modules.ts";

export type FunctionKind = "query" | "mutation" | "action";

/** The saved form of the database: every document as Convex JSON, plus the id and time counters. */
export type DatabaseSnapshot = {
  format: 1;
  nextDocId: number;
  lastCreationTime: number;
  /** Last commit timestamp (ns) as a decimal string, so time never runs backwards on restart. */
  lastCommitTs: string;
  documents: JSONValue[];
};

/** A function call that failed, in the form the protocol sends it. */
export class FunctionError extends Error {
  constructor(
    message: string,
    readonly errorData: JSONValue | undefined,
  ) {
    super(message);
  }
}

type Document = { _id: string } & Record<string, Value>;

/** The parts of convex-test's private state this file uses. */
type ConvexGlobal = {
  components: Record<string, { db: DatabaseFake }>;
  transactionManager: { _lastCommitTs: bigint; commit: (isNested: boolean) => bigint | null };
};
type DatabaseFake = { _documents: Record<string, Document>; _nextDocId: number; _lastCreationTime: number };

type Instance = { t: ReturnType<typeof convexTest>; modules: LoadedModules; global: ConvexGlobal };

function isConvexGlobal(value: unknown): value is ConvexGlobal {
  return typeof value === "object" && value !== null && "components" in value && "transactionManager" in value;
}

/**
 * convex-test keeps its state in an AsyncLocalStorage it enters on every call. Entering it
 * happens synchronously at the start of a call, so watching `AsyncLocalStorage#run` during one
 * harmless call hands us that state.
 */
async function attachToInternals(t: Instance["t"]): Promise<ConvexGlobal> {
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
    throw new Error("local backend: this convex-test version keeps its state differently; see engine.ts");
  }
  return global;
}

function isConvexError(error: unknown): error is Error & { data: Value } {
  return typeof error === "object" && error !== null && Symbol.for("ConvexError") in error;
}

/** What a client sees of a failure: ConvexError data intact, other errors as their message. */
function toFunctionError(error: unknown): FunctionError {
  if (isConvexError(error)) return new FunctionError(`Uncaught ConvexError: ${error.message}`, convexToJson(error.data));
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new FunctionError(`Uncaught ${message}`, undefined);
}

export class Engine {
  private readonly gate = new Gate();
  private readonly mutations = new Mutex();
  private readonly commitListeners = new Set<(ts: bigint) => void>();
  /** Reloads run one after another, so the last change always wins. */
  private readonly reloads = new Mutex();
  /**
   * Query results at the latest commit, shared by every subscriber asking the same question
   * (same query, arguments and identity): 50 visitors of an event page cost one run per commit.
   */
  private queryCache = { ts: -1n, results: new Map<string, Promise<{ value: Value; ts: bigint }>>() };

  private constructor(
    private readonly convexDir: string,
    private instance: Instance,
  ) {}

  /** Loads convex/ and starts an empty database. */
  static async start(convexDir: string): Promise<Engine> {
    const engine = new Engine(convexDir, await Engine.createInstance(convexDir));
    engine.watchCommits();
    return engine;
  }

  private static async createInstance(convexDir: string): Promise<Instance> {
    const modules = await loadModules(convexDir);
    const schema = modules.byPath.get("schema")?.default as SchemaDefinition<never, boolean> | undefined;
    if (schema === undefined) throw new Error(`${convexDir}/schema.ts has no default export`);
    const t = convexTest(schema, modules.glob);
    return { t, modules, global: await attachToInternals(t) };
  }

  private get db(): DatabaseFake {
    return this.instance.global.components[""]!.db;
  }

  /** Timestamp (ns) of the latest commit; 0 for a database nothing was ever written to. */
  get lastCommitTs(): bigint {
    return this.instance.global.transactionManager._lastCommitTs;
  }

  /** Calls `listener` after every top-level commit, including those inside actions. */
  onCommit(listener: (ts: bigint) => void): void {
    this.commitListeners.add(listener);
  }

  private watchCommits(): void {
    const manager = this.instance.global.transactionManager;
    const commit = manager.commit.bind(manager);
    manager.commit = (isNested) => {
      const ts = commit(isNested);
      if (ts !== null) for (const listener of this.commitListeners) listener(ts);
      return ts;
    };
  }

  /**
   * Runs a public function for a client. Internal functions and unknown names fail like on
   * Convex. Mutations run one at a time, in the order they were called.
   * Resolves to the result and, for a mutation, its commit timestamp.
   */
  call(
    kind: FunctionKind,
    udfPath: string,
    args: Record<string, Value>,
    identity: Identity | null,
  ): Promise<{ value: Value; ts: bigint }> {
    return this.gate.shared(async () => {
      const { t, modules } = this.instance;
      this.requirePublic(modules, kind, udfPath);
      const caller = identity === null ? t : t.withIdentity(identity);
      try {
        if (kind === "mutation") {
          return await this.mutations.run(async () => {
            const value = await caller.mutation(makeFunctionReference<"mutation">(udfPath), args);
            return { value, ts: this.lastCommitTs };
          });
        }
        const value =
          kind === "query"
            ? await caller.query(makeFunctionReference<"query">(udfPath), args)
            : await caller.action(makeFunctionReference<"action">(udfPath), args);
        return { value, ts: this.lastCommitTs };
      } catch (error) {
        // A ConvexError is the app talking to its user; anything else is worth a look.
        if (!isConvexError(error)) console.error(`local backend: ${kind} ${udfPath} failed:`, error);
        throw toFunctionError(error);
      }
    });
  }

  /** `call("query", ...)`, answered from the cache while no commit happened in between. */
  cachedQuery(udfPath: string, args: Record<string, Value>, identity: Identity | null): Promise<{ value: Value; ts: bigint }> {
    if (this.queryCache.ts !== this.lastCommitTs) this.queryCache = { ts: this.lastCommitTs, results: new Map() };
    const key = JSON.stringify([identity?.tokenIdentifier ?? null, udfPath, convexToJson(args)]);
    let result = this.queryCache.results.get(key);
    if (result === undefined) {
      result = this.call("query", udfPath, args, identity);
      this.queryCache.results.set(key, result);
    }
    return result;
  }

  /** Runs an internal mutation (seeding), serialized with the clients' mutations. */
  runInternalMutation(udfPath: string): Promise<Value> {
    return this.gate.shared(() =>
      this.mutations.run(() => this.instance.t.mutation(makeFunctionReference<"mutation">(udfPath), {})),
    );
  }

  /** Serves a request with the app's HTTP actions (convex/http.ts). */
  fetch(pathAndQuery: string, init: RequestInit): Promise<Response> {
    return this.gate.shared(() => this.instance.t.fetch(pathAndQuery, init));
  }

  private requirePublic(modules: LoadedModules, kind: FunctionKind, udfPath: string): void {
    const separator = udfPath.lastIndexOf(":");
    const modulePath = (separator === -1 ? udfPath : udfPath.slice(0, separator)).replace(/\.js$/, "");
    const exportName = separator === -1 ? "default" : udfPath.slice(separator + 1);
    const fn = modules.byPath.get(modulePath)?.[exportName] as Record<string, unknown> | undefined;
    const isKind = { query: "isQuery", mutation: "isMutation", action: "isAction" }[kind];
    if (fn?.isPublic !== true || fn[isKind] !== true) {
      throw new FunctionError(
        `Could not find public function for '${udfPath}'. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`,
        undefined,
      );
    }
  }

  /** True when no table (the app's or Convex Auth's) holds a document. */
  isEmpty(): boolean {
    return Object.keys(this.db._documents).length === 0;
  }

  /** The committed state; writes of transactions in progress are not in `_documents` yet. */
  snapshot(): DatabaseSnapshot {
    const db = this.db;
    return {
      format: 1,
      nextDocId: db._nextDocId,
      lastCreationTime: db._lastCreationTime,
      lastCommitTs: this.lastCommitTs.toString(),
      documents: Object.values(db._documents).map((document) => convexToJson(document)),
    };
  }

  /** Replaces the whole database. Only call it while nothing runs (start, reload). */
  restore(snapshot: DatabaseSnapshot): void {
    if (snapshot.format !== 1) throw new Error(`unknown database format ${String(snapshot.format)}`);
    const db = this.db;
    db._documents = Object.fromEntries(
      snapshot.documents.map((json) => {
        const document = jsonToConvex(json) as Document;
        return [document._id, document];
      }),
    );
    db._nextDocId = snapshot.nextDocId;
    db._lastCreationTime = snapshot.lastCreationTime;
    this.instance.global.transactionManager._lastCommitTs = BigInt(snapshot.lastCommitTs);
  }

  /** Whether the loaded convex/ exports a function at `udfPath` ("migrations:lifecycle"). */
  hasFunction(udfPath: string): boolean {
    const [modulePath = "", exportName = "default"] = udfPath.split(":");
    return this.instance.modules.byPath.get(modulePath)?.[exportName] !== undefined;
  }

  /** Releases the module loader; call it last. */
  dispose(): Promise<void> {
    return this.reloads.run(() => this.instance.modules.release());
  }

  /**
   * Loads convex/ again and moves the data over. Waits for calls in progress and holds new
   * ones meanwhile. If the new code does not load, the old code keeps running.
   */
  reload(): Promise<void> {
    return this.reloads.run(async () => {
      const next = await Engine.createInstance(this.convexDir);
      await this.gate.exclusive(async () => {
        const data = this.snapshot();
        const previous = this.instance;
        this.instance = next;
        this.queryCache = { ts: -1n, results: new Map() };
        this.restore(data);
        this.watchCommits();
        await previous.modules.release();
      });
    });
  }
}
