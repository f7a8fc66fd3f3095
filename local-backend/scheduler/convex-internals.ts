/**
 * The parts of convex-test 0.0.60's private state the subsystems use, beyond what engine.ts
 * names: the syscall hooks every function goes through and each component's database.
 * Read from node_modules/convex-test/dist/index.js; keep in step when upgrading convex-test.
 */
import type { Value } from "convex/values";
import type { EngineInstance } from "../engine/convex-test-internals.ts";

export type Document = { _id: string; _creationTime: number } & Record<string, Value>;

/** convex-test's per-component `DatabaseFake`. `get`/`insert`/`patch` need a transaction. */
export type ComponentDb = {
  _documents: Record<string, Document>;
  /** The component's schema, or null without one; table name → exported table. */
  _schema: { tables: Map<string, unknown> } | null;
  get: (table: string, id: string) => Document | null;
  insert: (table: string, value: Record<string, Value>) => string;
  patch: (table: string, id: string, value: Record<string, Value>) => void;
  storeFile: (storageId: string, blob: Blob) => void;
  getFile: (storageId: string) => Blob | null;
};

export type Internals = {
  components: Record<string, { db: ComponentDb; modules: (modulePath: string) => Promise<Record<string, unknown>> }>;
  asyncSyscall: (op: string, jsonArgs: string) => Promise<string>;
  jsSyscall: (op: string, args: Record<string, unknown>) => Promise<unknown>;
};

/** What `convexTest()` returns besides its typed API: runs in a component and by path. */
export type TestInternals = {
  runInComponent: <T>(componentPath: string, handler: (ctx: unknown) => Promise<T>) => Promise<T>;
  fun: (functionPath: { componentPath: string; udfPath: string }, args: Record<string, Value>) => Promise<Value>;
};

export function internalsOf(instance: EngineInstance): Internals {
  return instance.global as unknown as Internals;
}

export function testOf(instance: EngineInstance): TestInternals {
  return instance.t as unknown as TestInternals;
}

/** Ids are digits followed by the table's name ("0…10003_scheduled_functions"; see security/random-ids.ts). */
export function tableOf(id: string): string {
  return id.replace(/^\d+/, "");
}

/** The committed documents of one table. */
export function documentsOf(db: ComponentDb, table: string): Document[] {
  return Object.values(db._documents).filter((document) => tableOf(document._id) === table);
}
