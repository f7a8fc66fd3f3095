/**
 * The one seam to convex-test's private internals. convex-test runs the functions but does not
 * expose its database, its syscall hooks or its timers, so the local backend reaches into them.
 * Every private member the backend touches is named here (read from convex-test 0.0.60,
 * node_modules/convex-test/dist/index.js), and `attachToInternals` checks each of them on every
 * new instance: an upgrade that renames or drops one stops the backend at start with a message
 * naming it, instead of failing quietly later.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { convexTest } from "convex-test";
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { tableOf as tableOfId } from "./ids/table-numbers.ts";
import type { RangeExpression } from "./indexes/index-range.ts";

export type Document = { _id: string; _creationTime: number } & Record<string, Value>;

/** A query's source as it reaches the database (`query.source`). */
export type QuerySource =
  | { type: "IndexRange"; indexName: string; range: RangeExpression[]; order?: "asc" | "desc" }
  | { type: "FullTableScan" | "Search"; [field: string]: unknown };
export type Query = { source: QuerySource; operators: unknown[] };
export type PageRequest = { query: Query; cursor: string | null; endCursor?: string | null; pageSize: number; [limit: string]: unknown };
export type ResolvedQuery = {
  sortedDocs: readonly Document[];
  /** The query's `.filter()`s, compiled. */
  filterFn: (document: Document) => boolean;
  /** `take`'s limit (applied after the filters), or null. */
  limit: number | null;
  [field: string]: unknown;
};
/** A query stream, handed out one row at a time (`queryNext`); null once it is done. */
export type QueryStream = { next: () => Document | null };

/** convex-test's per-component `DatabaseFake`. `get`/`insert`/`patch` need a transaction. */
export type DatabaseFake = {
  /** Committed documents by id. */
  _documents: Map<string, Document>;
  /** Pending writes of the transactions in progress, outermost first (null: a deletion). */
  _writes: Record<string, Document | null>[];
  /**
   * Every query stream opened so far, by query id: convex-test keeps the rows still to hand
   * out, and never deletes an entry (its `queryCleanup` syscall does nothing). Here it holds
   * the streams `overrideReads` opens, per line, and forgets them as each transaction ends.
   */
  _queryResults: Record<string, QueryStream>;
  _nextQueryId: number;
  _nextDocId: number;
  _lastCreationTime: number;
  /** Mints the id of a new document of `table`. */
  _generateId: (table: string) => string;
  /** The component's schema, or null without one; table name → exported table. */
  _schema: { tables: Map<string, { indexes: { indexDescriptor: string; fields: string[] }[] }> } | null;
  /** Throws when `doc` does not match the table's validator in this instance's schema. */
  _validate: (tableName: string, doc: Record<string, Value>) => void;
  _iterateDocs: (tableName: string, callback: (document: Document) => void) => void;
  _resolveQuerySource: (query: Query) => ResolvedQuery;
  get: (tableName: string | null, id: string) => Document | null;
  insert: (table: string, value: Record<string, Value>) => string;
  patch: (table: string, id: string, value: Record<string, Value>) => void;
  commit: (commitTs?: bigint | null) => void;
  /** One page of a query (`.paginate()`); `cursor` in convex-test's form (JSON of the sort key's values). */
  paginate: (args: PageRequest) => unknown;
  startQuery: (query: Query) => number;
  queryNext: (queryId: number) => { value: Document | null; done: boolean };
  storeFile: (storageId: string, blob: Blob) => void;
  getFile: (storageId: string) => Blob | null;
  /** `ctx.vectorSearch`: the ids and scores of the nearest documents. */
  vectorSearch: (tableAndIndexName: string, vector: unknown, expressions: unknown[], limit: unknown) => unknown;
};

/** convex-test's global state: one database and module loader per component ("" is the app). */
export type ConvexGlobal = {
  components: Record<string, { db: DatabaseFake; modules: (modulePath: string) => Promise<Record<string, unknown>> }>;
  transactionManager: {
    _lastCommitTs: bigint;
    commit: (isNested: boolean) => bigint | null;
    rollback: (isNested: boolean) => void;
  };
  asyncSyscall: (op: string, jsonArgs: string) => Promise<string>;
  jsSyscall: (op: string, args: Record<string, unknown>) => Promise<unknown>;
};

/** What `convexTest()` returns besides its typed API: runs in a component and by path. */
export type TestInternals = {
  runInComponent: <T>(componentPath: string, handler: (ctx: unknown) => Promise<T>) => Promise<T>;
  fun: (functionPath: { componentPath: string; udfPath: string }, args: Record<string, Value>) => Promise<Value>;
};

/**
 * A convex-test instance with its private state: what the adapter reads. The function runner
 * adds the modules it loaded (EngineInstance, functions/engine-instance.ts).
 */
export type ConvexTestInstance = { t: ReturnType<typeof convexTest>; global: ConvexGlobal };

/** The members checked, by where they live; `kind` is what `typeof` must say. */
const GLOBAL_MEMBERS = { components: "object", transactionManager: "object", asyncSyscall: "function", jsSyscall: "function" };
const TRANSACTION_MANAGER_MEMBERS = { _lastCommitTs: "bigint", commit: "function", rollback: "function" };
const COMPONENT_MEMBERS = { db: "object", modules: "function" };
const DATABASE_MEMBERS = {
  _documents: "object",
  _writes: "object",
  _queryResults: "object",
  _nextQueryId: "number",
  _nextDocId: "number",
  _lastCreationTime: "number",
  _generateId: "function",
  _schema: "object",
  _validate: "function",
  _iterateDocs: "function",
  _resolveQuerySource: "function",
  get: "function",
  insert: "function",
  patch: "function",
  commit: "function",
  paginate: "function",
  startQuery: "function",
  queryNext: "function",
  storeFile: "function",
  getFile: "function",
  vectorSearch: "function",
};
const TEST_MEMBERS = {
  runInComponent: "function",
  fun: "function",
  registerComponent: "function",
  withIdentity: "function",
  fetch: "function",
};

function requireMembers(owner: unknown, members: Record<string, string>, where: string): void {
  for (const [name, kind] of Object.entries(members)) {
    const value = (owner as Record<string, unknown> | null)?.[name];
    if (typeof value !== kind) {
      throw new Error(
        `local backend: convex-test no longer has ${where}.${name} (a ${kind}); this backend relies on it ` +
          "(see local-backend/database/convex-test-adapter.ts; keep convex-test at the version it was written for or update the adapter)",
      );
    }
  }
}

/** Verifies every private member used, on the app's and every component's database. */
export function checkInternals(t: ConvexTestInstance["t"], global: ConvexGlobal): void {
  requireMembers(t, TEST_MEMBERS, "convexTest()");
  requireMembers(global, GLOBAL_MEMBERS, "its global state");
  requireMembers(global.transactionManager, TRANSACTION_MANAGER_MEMBERS, "transactionManager");
  if (global.components[""] === undefined) throw new Error('local backend: convex-test no longer keeps the app as component ""');
  for (const [path, component] of Object.entries(global.components)) {
    requireMembers(component, COMPONENT_MEMBERS, `components["${path}"]`);
    requireMembers(component.db, DATABASE_MEMBERS, `components["${path}"].db`);
    if (!Array.isArray(component.db._writes))
      throw new Error(`local backend: convex-test's components["${path}"].db._writes is no longer an array`);
    // patches/convex-test+*.patch makes them a Map (a plain object of a million ids takes seconds to fill).
    if (!(component.db._documents instanceof Map))
      throw new Error(`local backend: convex-test's components["${path}"].db._documents is not a Map: is its patch applied (npm ci)?`);
  }
  if (Object.getOwnPropertyDescriptor(globalThis, "setTimeout") === undefined) {
    throw new Error("local backend: globalThis.setTimeout is not an own property, so convex-test's scheduler timer cannot be withheld");
  }
}

function isConvexGlobal(value: unknown): value is ConvexGlobal {
  return typeof value === "object" && value !== null && "components" in value && "transactionManager" in value;
}

/**
 * convex-test keeps its state in an AsyncLocalStorage it enters on every call. Entering it
 * happens synchronously at the start of a call, so watching `AsyncLocalStorage#run` during one
 * harmless call hands us that state. Checks every member used (`checkInternals`).
 */
export async function attachToInternals(t: ConvexTestInstance["t"]): Promise<ConvexGlobal> {
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
  if (global === null)
    throw new Error("local backend: convex-test no longer keeps its state in an AsyncLocalStorage (see database/convex-test-adapter.ts)");
  checkInternals(t, global);
  return global;
}

/** The instance's private state (checked when it was attached). */
export function internalsOf(instance: ConvexTestInstance): ConvexGlobal {
  return instance.global;
}

export function testOf(instance: ConvexTestInstance): TestInternals {
  return instance.t as unknown as TestInternals;
}

/** Registers a component (`t.registerComponent`) with its schema (null: none) and module loaders. */
export function registerComponent(
  instance: Pick<ConvexTestInstance, "t">,
  componentPath: string,
  schema: unknown,
  glob: Record<string, () => Promise<Record<string, unknown>>>,
): void {
  (instance.t as unknown as { registerComponent: (path: string, schema: unknown, glob: unknown) => void }).registerComponent(
    componentPath,
    schema,
    glob,
  );
}

/**
 * Runs `work` (synchronous) with `setTimeout` doing nothing. convex-test arms its scheduler's
 * timer synchronously inside the schedule syscall, before its first await, so this withholds
 * exactly that timer and nothing else.
 */
export function withTimersWithheld<T>(work: () => T): T {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, "setTimeout")!;
  Object.defineProperty(globalThis, "setTimeout", { value: () => undefined, configurable: true, writable: true });
  try {
    return work();
  } finally {
    Object.defineProperty(globalThis, "setTimeout", descriptor);
  }
}

/**
 * One line of transactions: convex-test's per-transaction state (its top-level lock, metrics,
 * and every component's pending writes and open query streams), which convex-test keeps once
 * per instance. `state` is what the engine keeps about the top-level transaction running in
 * it (made by `start` at its beginning), null between transactions.
 */
type TransactionSlot<State> = {
  waitOnCurrentFunction: Promise<void> | null;
  markTransactionDone: (() => void) | null;
  metricsTracker: unknown;
  writes: Map<string, Record<string, Document | null>[]>;
  queryResults: Map<string, Record<string, QueryStream>>;
  state: State | null;
};

function newSlot<State>(): TransactionSlot<State> {
  return {
    waitOnCurrentFunction: null,
    markTransactionDone: null,
    metricsTracker: null,
    writes: new Map(),
    queryResults: new Map(),
    state: null,
  };
}

/** The syscalls through which an action (or an HTTP action) starts a transaction of its own. */
const TRANSACTION_SYSCALLS = new Set(["1.0/actions/mutation", "1.0/actions/query", "1.0/runUdf"]);

/** Runs transactions side by side on one instance; see `allowConcurrentTransactions`. */
export type ConcurrentTransactions<State> = {
  /** Runs `work` in a line of its own: the transactions it starts run beside everyone else's. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** The state of the top-level transaction running here, or null outside one. */
  current(): State | null;
  /** Whether a transaction is running here (a query's or a mutation's, not an action). */
  inTransaction(): boolean;
};

/**
 * convex-test runs one top-level transaction at a time (`transactionManager.begin` waits for
 * the previous one) and keeps the pending writes in one stack per component. This gives each
 * line of work (`run`) its own copy of that state, through accessors over the members that
 * hold it, so transactions of different lines run concurrently, each seeing the committed
 * documents plus its own writes. convex-test's code is untouched: within one line it still
 * runs one top-level transaction at a time, and code outside any line shares one.
 *
 * `start` is called as each top-level transaction begins; `topLevel` wraps the work of an
 * action's syscall that starts a top-level transaction (the engine's conflict retries).
 */
export function allowConcurrentTransactions<State>(
  global: ConvexGlobal,
  start: () => State,
  topLevel: (jsonArgs: string, run: () => Promise<string>) => Promise<string>,
  end: (state: State) => void = () => {},
): ConcurrentTransactions<State> {
  const slots = new AsyncLocalStorage<TransactionSlot<State>>();
  const shared = newSlot<State>();
  const slot = () => slots.getStore() ?? shared;
  const manager = global.transactionManager as ConvexGlobal["transactionManager"] & {
    begin: (isNested: boolean, limits: unknown) => Promise<void>;
  };
  const accessor = <K extends "waitOnCurrentFunction" | "markTransactionDone" | "metricsTracker">(key: K) => ({
    get: () => slot()[key],
    set: (value: TransactionSlot<State>[K]) => void (slot()[key] = value),
    configurable: true,
  });
  Object.defineProperty(manager, "_waitOnCurrentFunction", accessor("waitOnCurrentFunction"));
  Object.defineProperty(manager, "_markTransactionDone", accessor("markTransactionDone"));
  Object.defineProperty(manager, "_metricsTracker", accessor("metricsTracker"));
  for (const [path, { db }] of Object.entries(global.components)) {
    Object.defineProperty(db, "_writes", {
      get: () => {
        const { writes } = slot();
        if (!writes.has(path)) writes.set(path, []);
        return writes.get(path);
      },
      set: (value: Record<string, Document | null>[]) => void slot().writes.set(path, value),
      configurable: true,
    });
    Object.defineProperty(db, "_queryResults", {
      get: () => {
        const { queryResults } = slot();
        if (!queryResults.has(path)) queryResults.set(path, {});
        return queryResults.get(path);
      },
      set: (value: Record<string, QueryStream>) => void slot().queryResults.set(path, value),
      configurable: true,
    });
  }
  const begin = manager.begin.bind(manager);
  manager.begin = async (isNested, limits) => {
    await begin(isNested, limits);
    if (!isNested) slot().state = start();
  };
  const endTransaction = (isNested: boolean) => {
    if (isNested) return;
    const current = slot();
    if (current.state !== null) end(current.state);
    current.state = null;
    // A query stream lives no longer than its transaction; convex-test would keep its unread rows.
    current.queryResults = new Map();
  };
  const { commit, rollback } = manager;
  manager.commit = (isNested) => {
    const ts = commit.call(manager, isNested);
    endTransaction(isNested);
    return ts;
  };
  manager.rollback = (isNested) => {
    rollback.call(manager, isNested);
    endTransaction(isNested);
  };
  const run = <T>(work: () => Promise<T>) => slots.run(newSlot<State>(), work);
  const asyncSyscall = global.asyncSyscall;
  global.asyncSyscall = (op, jsonArgs) => {
    if (!TRANSACTION_SYSCALLS.has(op) || slot().waitOnCurrentFunction !== null) return asyncSyscall(op, jsonArgs);
    return topLevel(jsonArgs, () => run(() => asyncSyscall(op, jsonArgs)));
  };
  return { run, current: () => slot().state, inTransaction: () => slot().waitOnCurrentFunction !== null };
}

/** What a transaction's reads, writes and scheduled jobs are counted against (database/limits/). */
export type TransactionCounters = {
  indexRange(): void;
  documentRead(bytes: number): void;
  documentWritten(bytes: number): void;
  functionScheduled(argumentBytes: number): void;
};
type MetricsTracker = {
  trackIndexRange(): void;
  trackRead(bytes: number): void;
  trackWrite(bytes: number): void;
  trackScheduledFunction(bytes: number): void;
};

/**
 * Counts what every transaction's syscalls serve with `counters()` (the running transaction's,
 * null for none): convex-test's syscall handlers report each index range, document handed
 * out, write and scheduled job to its per-transaction metrics tracker, whose reports this
 * passes on first (a counter may throw to refuse the call). Call after allowConcurrentTransactions.
 */
export function countTransactionsWith(global: ConvexGlobal, counters: () => TransactionCounters | null): void {
  const manager = global.transactionManager;
  // After allowConcurrentTransactions, an accessor to the line's tracker; on a plain instance, a field.
  let own: unknown = (manager as unknown as { _metricsTracker: unknown })._metricsTracker;
  const held = Object.getOwnPropertyDescriptor(manager, "_metricsTracker");
  const get = held?.get ?? (() => own);
  const set = held?.set ?? ((tracker: unknown) => void (own = tracker));
  const wrap = (tracker: MetricsTracker): MetricsTracker => {
    requireMembers(tracker, TRACKER_MEMBERS, "transactionManager._metricsTracker");
    const { trackIndexRange, trackRead, trackWrite, trackScheduledFunction } = tracker;
    tracker.trackIndexRange = () => (counters()?.indexRange(), trackIndexRange.call(tracker));
    tracker.trackRead = (bytes) => (counters()?.documentRead(bytes), trackRead.call(tracker, bytes));
    tracker.trackWrite = (bytes) => (counters()?.documentWritten(bytes), trackWrite.call(tracker, bytes));
    tracker.trackScheduledFunction = (bytes) => (counters()?.functionScheduled(bytes), trackScheduledFunction.call(tracker, bytes));
    return tracker;
  };
  Object.defineProperty(manager, "_metricsTracker", {
    get,
    set: (tracker: MetricsTracker | null) => set(tracker === null ? null : wrap(tracker)),
    configurable: true,
  });
}
const TRACKER_MEMBERS = { trackIndexRange: "function", trackRead: "function", trackWrite: "function", trackScheduledFunction: "function" };

/**
 * On a plain convex-test instance (one top-level transaction at a time, as the bench runs it):
 * `begin` is called as each top-level transaction begins, and `end` once it ended (committed
 * or not) with the name of the function it ran, or null when none was asked for (`t.run`).
 * `nameFunction()`, called from inside the function (a counted syscall), asks convex-test,
 * which knows it there.
 */
export function watchSerialTransactions(
  global: ConvexGlobal,
  begin: () => void,
  end: (name: Promise<string | null>) => void,
): { nameFunction: () => void } {
  const manager = global.transactionManager as ConvexGlobal["transactionManager"] & {
    begin: (isNested: boolean, limits: unknown) => Promise<void>;
  };
  const { begin: started, commit, rollback } = manager;
  let name: Promise<string | null> | null = null;
  manager.begin = async (isNested, limits) => {
    await started.call(manager, isNested, limits);
    if (isNested) return;
    name = null;
    begin();
  };
  const ended = (isNested: boolean) => {
    if (!isNested) end(name ?? Promise.resolve(null));
  };
  manager.commit = (isNested) => {
    const ts = commit.call(manager, isNested);
    ended(isNested);
    return ts;
  };
  manager.rollback = (isNested) => {
    rollback.call(manager, isNested);
    ended(isNested);
  };
  const nameFunction = () => {
    name ??= global
      .asyncSyscall("1.0/getFunctionMetadata", "{}")
      .then((json) => (JSON.parse(json) as { name: string }).name)
      .catch(() => null);
  };
  return { nameFunction };
}

/** Runs `check` on every document a component stages or an import validates, before convex-test's schema check. */
export function checkWritesWith(db: DatabaseFake, check: (table: string, fields: Record<string, Value>) => void): void {
  const validate = db._validate.bind(db);
  db._validate = (table, fields) => {
    check(table, fields);
    validate(table, fields);
  };
}

/** The table of a stored document's id (database/ids/table-numbers.ts); "" for none. */
export function tableOf(id: string): string {
  return tableOfId(id) ?? "";
}

/**
 * Makes convex-test read an id's table with `tableNameFromId` (for `v.id`, `normalizeId`,
 * `db.get`/`patch`/`replace` and table scans): Convex's ids carry a table number, not a name.
 * Needs the hook patches/convex-test+0.0.60.patch adds; without it, stops with how to apply it.
 */
export function readIdsWith(tableNameFromId: (id: string) => string | null): void {
  const source = readFileSync(createRequire(import.meta.url).resolve("convex-test"), "utf8");
  if (!source.includes(`Symbol.for("${TABLE_NAME_FROM_ID}")`)) {
    throw new Error(
      "local backend: convex-test lacks the id hook of patches/convex-test+0.0.60.patch; run `npx patch-package` (npm install runs it)",
    );
  }
  (globalThis as Record<symbol, unknown>)[Symbol.for(TABLE_NAME_FROM_ID)] = tableNameFromId;
}
const TABLE_NAME_FROM_ID = "convex-test.tableNameFromId";

/*
 * The operations the rest of the backend performs on convex-test's internals. No other file
 * names a private member: a test greps for them (seam.test.ts).
 */

/** A component's committed documents by id, as they are now (read only: change them below). */
export function committedDocuments(db: DatabaseFake): ReadonlyMap<string, Document> {
  return db._documents;
}

/** Sets (or with null deletes) one committed document, outside any transaction. */
export function setCommittedDocument(db: DatabaseFake, id: string, document: Document | null): void {
  if (document === null) db._documents.delete(id);
  else db._documents.set(id, document);
}

/** Replaces every committed document of a component. */
export function replaceCommittedDocuments(db: DatabaseFake, documents: Map<string, Document>): void {
  db._documents = documents;
}

/** The counters a component's new ids and creation times continue from. */
export type IdCounters = { nextDocId: number; lastCreationTime: number };

export function idCounters(db: DatabaseFake): IdCounters {
  return { nextDocId: db._nextDocId, lastCreationTime: db._lastCreationTime };
}

export function setIdCounters(db: DatabaseFake, counters: Partial<IdCounters>): void {
  if (counters.nextDocId !== undefined) db._nextDocId = counters.nextDocId;
  if (counters.lastCreationTime !== undefined) db._lastCreationTime = counters.lastCreationTime;
}

/** The running transaction's pending writes in a component, outermost level first (null: a deletion). */
export function pendingWrites(db: DatabaseFake): readonly Record<string, Document | null>[] {
  return db._writes;
}

/** The query streams the running line's transaction has open, by query id. */
export function openQueryStreams(db: DatabaseFake): Readonly<Record<string, QueryStream>> {
  return db._queryResults;
}

/** Stages a write in the running transaction's innermost level, as `insert` would (an import keeps its ids). */
export function stageWrite(db: DatabaseFake, id: string, document: Document | null): void {
  const level = db._writes.at(-1);
  if (level === undefined) throw new Error("local backend: a write outside a transaction");
  level[id] = document;
}

/** A component schema's tables (name → exported table with its indexes), or null without a schema. */
export type SchemaTables = NonNullable<DatabaseFake["_schema"]>["tables"];

export function schemaTables(db: DatabaseFake): SchemaTables | null {
  return db._schema?.tables ?? null;
}

/** Throws when `fields` do not match the table's validator in this component's schema. */
export function validateDocument(db: DatabaseFake, table: string, fields: Record<string, Value>): void {
  db._validate(table, fields);
}

/** Mints a component's new ids with `generate` instead of convex-test's counter. */
export function replaceIdGenerator(db: DatabaseFake, generate: (table: string) => string): void {
  db._generateId = generate;
}

/** Timestamp (ns) of the latest commit. */
export function lastCommitTs(global: ConvexGlobal): bigint {
  return global.transactionManager._lastCommitTs;
}

export function setLastCommitTs(global: ConvexGlobal, ts: bigint): void {
  global.transactionManager._lastCommitTs = ts;
}

/**
 * Wraps every commit (top-level and nested): `wrapper` gets whether it is nested and the
 * commit itself, which returns the commit timestamp (null for a nested one).
 */
export function wrapCommit(global: ConvexGlobal, wrapper: (isNested: boolean, commit: () => bigint | null) => bigint | null): void {
  const manager = global.transactionManager;
  const commit = manager.commit.bind(manager);
  manager.commit = (isNested) => wrapper(isNested, () => commit(isNested));
}

/** Handles the async syscalls `ops` with `handler`, which may call `next` (what handled them before, with the same or changed arguments). */
export function interceptAsyncSyscall(
  global: ConvexGlobal,
  ops: readonly string[],
  handler: (op: string, jsonArgs: string, next: (changedArgs?: string) => Promise<string>) => Promise<string>,
): void {
  const next = global.asyncSyscall;
  global.asyncSyscall = (op, jsonArgs) =>
    ops.includes(op) ? handler(op, jsonArgs, (changedArgs = jsonArgs) => next(op, changedArgs)) : next(op, jsonArgs);
}

/** Handles the JS syscalls `ops` (storage blobs) with `handler`, which may call `next`. */
export function interceptJsSyscall(
  global: ConvexGlobal,
  ops: readonly string[],
  handler: (op: string, args: Record<string, unknown>, next: () => Promise<unknown>) => Promise<unknown>,
): void {
  const next = global.jsSyscall;
  global.jsSyscall = (op, args) => (ops.includes(op) ? handler(op, args, () => next(op, args)) : next(op, args));
}

/**
 * How a component's database reads, replaced: `get` (by id), `iterateDocs` (a table's
 * documents, for scans), `resolveQuerySource` (a query's rows) and `paginate` (a page). Each replacement gets the
 * database and convex-test's own version, to call for what it does not handle.
 */
export type ReadOverrides = {
  get: (db: DatabaseFake, original: DatabaseFake["get"], tableName: string | null, id: string) => Document | null;
  iterateDocs: (
    db: DatabaseFake,
    original: DatabaseFake["_iterateDocs"],
    tableName: string,
    callback: (document: Document) => void,
  ) => void;
  resolveQuerySource: (db: DatabaseFake, original: DatabaseFake["_resolveQuerySource"], query: Query) => ResolvedQuery;
  /** A page: `original` resolves the query's source (above) once, then reads the page out of it. */
  paginate: (db: DatabaseFake, original: DatabaseFake["paginate"], request: PageRequest) => unknown;
  /**
   * Opens a query stream (`for await`, `.first()`, `.take()`, `.collect()`, `count`), which
   * convex-test evaluates whole at once (every row of the range, filtered, kept until read).
   * `resolved` is the query's resolution by every override (eager), `original` convex-test's own.
   */
  openStream: (
    db: DatabaseFake,
    resolved: (query: Query) => ResolvedQuery,
    original: DatabaseFake["_resolveQuerySource"],
    query: Query,
  ) => QueryStream;
};

export function overrideReads(db: DatabaseFake, overrides: ReadOverrides): void {
  const { get, paginate, _iterateDocs: iterateDocs, _resolveQuerySource: resolveQuerySource } = db;
  db.get = (tableName, id) => overrides.get(db, get.bind(db), tableName, id);
  db._iterateDocs = (tableName, callback) => overrides.iterateDocs(db, iterateDocs.bind(db), tableName, callback);
  db._resolveQuerySource = (query) => overrides.resolveQuerySource(db, resolveQuerySource.bind(db), query);
  db.paginate = (request) => overrides.paginate(db, paginate.bind(db), request);
  db.startQuery = (query) => {
    const id = db._nextQueryId;
    db._nextQueryId += 1;
    db._queryResults[id] = overrides.openStream(db, (q) => db._resolveQuerySource(q), resolveQuerySource.bind(db), query);
    return id;
  };
  db.queryNext = (queryId) => {
    const stream = db._queryResults[queryId];
    if (stream === undefined) throw new Error("Bad queryId");
    const value = stream.next();
    return value === null ? { value: null, done: true } : { value, done: false };
  };
}

/**
 * convex-test's resolution of `query` (filters, order, limit) over no rows of its own, with
 * `documents` as its rows: for a caller that found the rows itself.
 */
export function resolveQueryOver(
  db: DatabaseFake,
  original: DatabaseFake["_resolveQuerySource"],
  query: Query,
  documents: readonly Document[],
): ResolvedQuery {
  const iterate = db._iterateDocs;
  db._iterateDocs = () => {};
  try {
    const source = query.source.type === "IndexRange" ? { ...query.source, range: [] } : query.source;
    return { ...original({ ...query, source }), sortedDocs: documents };
  } finally {
    db._iterateDocs = iterate;
  }
}

/** A stream over `resolved`'s rows that pass its filters, up to its limit. */
export function eagerStream({ sortedDocs, filterFn, limit }: ResolvedQuery): QueryStream {
  let at = 0;
  let handed = 0;
  return {
    next: () => {
      while (at < sortedDocs.length && (limit === null || handed < limit)) {
        const document = sortedDocs[at++]!;
        if (filterFn(document)) {
          handed += 1;
          return document;
        }
      }
      return null;
    },
  };
}

/**
 * The sort key after which a page request's cursor starts the page (convex-test's cursor: a
 * JSON array holding each value's JSON, null for a missing field), or null for none: the
 * first page, or the end.
 */
export function pageCursorKey(cursor: string | null | undefined): (Value | undefined)[] | null {
  if (cursor === null || cursor === undefined || cursor === "_end_cursor") return null;
  return (JSON.parse(cursor) as (string | null)[]).map((value) =>
    value === null ? undefined : jsonToConvex(JSON.parse(value) as JSONValue),
  );
}

/** Wraps a component database's commit (each level's; `pendingWrites` still holds the level committed when it runs). */
export function wrapDatabaseCommit(db: DatabaseFake, wrapper: (commit: () => void) => void): void {
  const commit = db.commit.bind(db);
  db.commit = (commitTs) => wrapper(() => commit(commitTs));
}

/** A text search index as a schema declares it. */
export type SearchIndexDeclaration = { indexDescriptor: string; searchField: string; filterFields: string[] };
/** A vector index as a schema declares it. */
export type VectorIndexDeclaration = { indexDescriptor: string; vectorField: string; dimensions: number; filterFields: string[] };
/** One filter of a text search query (`q.search(field, text)`, `.eq(field, value)`), as the query carries it. */
export type SearchFilter = { type: "Search"; fieldPath: string; value: string } | { type: "Eq"; fieldPath: string; value: unknown };
type SchemaTableIndexes = { searchIndexes?: SearchIndexDeclaration[]; vectorIndexes?: VectorIndexDeclaration[] };

function schemaTable(db: DatabaseFake, table: string): SchemaTableIndexes | undefined {
  return db._schema?.tables.get(table) as SchemaTableIndexes | undefined;
}

/**
 * Answers every text search query (`withSearchIndex`) with `search`, given the table's
 * documents as the running transaction sees them (reads recorded as for any scan) and the
 * index's declaration; its result is the query's rows, in order, before `take`/`paginate`.
 */
export function resolveSearchesWith(
  instance: ConvexTestInstance,
  search: (request: {
    table: string;
    indexName: string;
    index: SearchIndexDeclaration | undefined;
    filters: SearchFilter[];
    documents: Document[];
  }) => Document[],
): void {
  for (const { db } of Object.values(internalsOf(instance).components)) {
    const resolve = db._resolveQuerySource;
    db._resolveQuerySource = function (this: DatabaseFake, query) {
      if (query.source.type !== "Search") return resolve.call(this, query);
      const [table = "", indexName = ""] = String(query.source.indexName).split(".");
      const documents: Document[] = [];
      this._iterateDocs(table, (document) => documents.push(document));
      const rows = search({
        table,
        indexName,
        index: schemaTable(this, table)?.searchIndexes?.find((index) => index.indexDescriptor === indexName),
        filters: query.source.filters as SearchFilter[],
        documents,
      });
      // convex-test's own resolution (operators, limit), with `rows` as its rows.
      return resolveQueryOver(this, resolve.bind(this), query, rows);
    };
  }
}

/**
 * Runs `check` before every vector search (`ctx.vectorSearch`) with its arguments and the
 * index's declaration: it throws to refuse, or returns the number of results to give.
 */
export function checkVectorSearchesWith(
  instance: ConvexTestInstance,
  check: (request: {
    table: string;
    indexName: string;
    index: VectorIndexDeclaration | undefined;
    vector: unknown;
    expressions: unknown[];
    limit: unknown;
  }) => number,
): void {
  for (const { db } of Object.values(internalsOf(instance).components)) {
    const search = db.vectorSearch;
    db.vectorSearch = function (this: DatabaseFake, tableAndIndexName, vector, expressions, limit) {
      const [table = "", indexName = ""] = String(tableAndIndexName).split(".");
      const results = check({
        table,
        indexName,
        index: schemaTable(this, table)?.vectorIndexes?.find((index) => index.indexDescriptor === indexName),
        vector,
        expressions,
        limit,
      });
      return search.call(this, tableAndIndexName, vector, expressions, results);
    };
  }
}
