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
import type { Value } from "convex/values";
import { tableOf as tableOfId } from "../ids/table-numbers.ts";
import type { RangeExpression } from "../indexes/index-range.ts";
import type { LoadedModules } from "../modules.ts";

export type Document = { _id: string; _creationTime: number } & Record<string, Value>;

/** A query's source as it reaches the database (`query.source`). */
export type QuerySource =
  | { type: "IndexRange"; indexName: string; range: RangeExpression[]; order?: "asc" | "desc" }
  | { type: "FullTableScan" | "Search"; [field: string]: unknown };
export type Query = { source: QuerySource; operators: unknown[] };
export type ResolvedQuery = { sortedDocs: Document[]; [field: string]: unknown };

/** convex-test's per-component `DatabaseFake`. `get`/`insert`/`patch` need a transaction. */
export type DatabaseFake = {
  /** Committed documents by id. */
  _documents: Record<string, Document>;
  /** Pending writes of the transactions in progress, outermost first (null: a deletion). */
  _writes: Record<string, Document | null>[];
  /**
   * The rows still to hand out of every query stream opened so far, by query id. convex-test
   * never deletes an entry (its `queryCleanup` syscall does nothing); see `releaseQueryResults`.
   */
  _queryResults: Record<string, Document[]>;
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

export type Instance = { t: ReturnType<typeof convexTest>; modules: LoadedModules; global: ConvexGlobal };
/** A convex-test instance with its private state, for the subsystems (scheduler, files, components). */
export type EngineInstance = Instance;
/**
 * Prepares each new instance (at start and on every reload) before it serves: registers
 * components, wraps syscalls. Runs before any data is restored into it.
 */
export type InstanceSetup = (instance: EngineInstance) => Promise<void>;

/** The members checked, by where they live; `kind` is what `typeof` must say. */
const GLOBAL_MEMBERS = { components: "object", transactionManager: "object", asyncSyscall: "function", jsSyscall: "function" };
const TRANSACTION_MANAGER_MEMBERS = { _lastCommitTs: "bigint", commit: "function", rollback: "function" };
const COMPONENT_MEMBERS = { db: "object", modules: "function" };
const DATABASE_MEMBERS = {
  _documents: "object",
  _writes: "object",
  _queryResults: "object",
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
          "(see local-backend/engine/convex-test-adapter.ts; keep convex-test at the version it was written for or update the adapter)",
      );
    }
  }
}

/** Verifies every private member used, on the app's and every component's database. */
export function checkInternals(t: Instance["t"], global: ConvexGlobal): void {
  requireMembers(t, TEST_MEMBERS, "convexTest()");
  requireMembers(global, GLOBAL_MEMBERS, "its global state");
  requireMembers(global.transactionManager, TRANSACTION_MANAGER_MEMBERS, "transactionManager");
  if (global.components[""] === undefined) throw new Error('local backend: convex-test no longer keeps the app as component ""');
  for (const [path, component] of Object.entries(global.components)) {
    requireMembers(component, COMPONENT_MEMBERS, `components["${path}"]`);
    requireMembers(component.db, DATABASE_MEMBERS, `components["${path}"].db`);
    if (!Array.isArray(component.db._writes))
      throw new Error(`local backend: convex-test's components["${path}"].db._writes is no longer an array`);
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
  if (global === null)
    throw new Error("local backend: convex-test no longer keeps its state in an AsyncLocalStorage (see engine/convex-test-adapter.ts)");
  checkInternals(t, global);
  return global;
}

/** The instance's private state (checked when it was attached). */
export function internalsOf(instance: EngineInstance): ConvexGlobal {
  return instance.global;
}

export function testOf(instance: EngineInstance): TestInternals {
  return instance.t as unknown as TestInternals;
}

/** Registers a component (`t.registerComponent`) with its schema (null: none) and module loaders. */
export function registerComponent(
  instance: EngineInstance,
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
 * Forgets the query streams of every component. A stream lives no longer than the top-level
 * transaction that opened it, but convex-test keeps each one's unread rows (and an entry per
 * stream) for the life of the instance: a `.first()` over a large range keeps the rest of the
 * range. Called when a top-level transaction ends, which no other transaction overlaps
 * (convex-test runs them one at a time).
 */
export function releaseQueryResults(global: ConvexGlobal): void {
  for (const { db } of Object.values(global.components)) db._queryResults = {};
}

/** The table of a stored document's id (ids/table-numbers.ts); "" for none. */
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

/** The committed documents of one table. */
export function documentsOf(db: DatabaseFake, table: string): Document[] {
  return Object.values(db._documents).filter((document) => tableOf(document._id) === table);
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
  instance: EngineInstance,
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
      // convex-test's own resolution (operators, limit) over no documents, with `rows` as its rows.
      const iterate = this._iterateDocs;
      this._iterateDocs = () => {};
      try {
        return { ...resolve.call(this, query), sortedDocs: rows };
      } finally {
        this._iterateDocs = iterate;
      }
    };
  }
}

/**
 * Runs `check` before every vector search (`ctx.vectorSearch`) with its arguments and the
 * index's declaration: it throws to refuse, or returns the number of results to give.
 */
export function checkVectorSearchesWith(
  instance: EngineInstance,
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

/**
 * Routes convex-test's async syscall `op` (e.g. "1.0/queryPage") through `handler`, which gets
 * the JSON arguments and the original syscall to call (or not) and answers in JSON.
 */
export function interceptAsyncSyscall(
  instance: EngineInstance,
  op: string,
  handler: (jsonArgs: string, original: (jsonArgs: string) => Promise<string>) => Promise<string>,
): void {
  const internals = internalsOf(instance);
  const asyncSyscall = internals.asyncSyscall;
  internals.asyncSyscall = (calledOp, jsonArgs) =>
    calledOp === op ? handler(jsonArgs, (args) => asyncSyscall(calledOp, args)) : asyncSyscall(calledOp, jsonArgs);
}
