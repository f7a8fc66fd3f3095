/**
 * Runs the convex/ functions on convex-test's in-memory engine, and adds what a server needs
 * on top of it: only public functions for clients, one mutation at a time, commit
 * notifications with their timestamps, snapshots of the database (ids and _creationTime
 * kept) and swapping in freshly loaded modules without losing data.
 *
 * convex-test does not expose its database, so `attachToInternals` reaches into it (see
 * engine/convex-test-internals.ts). The saved shapes are in storage/saved-state.ts, the
 * remembered requests in sync/request-log.ts, the read sets in sync/read-set.ts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { convexTest } from "convex-test";
import { makeFunctionReference, type SchemaDefinition } from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { Identity } from "./auth-keys.ts";
import { attachToInternals, type DatabaseFake, type Document, type EngineInstance, type Instance, type InstanceSetup } from "./engine/convex-test-internals.ts";
import { FunctionError, isConvexError, toFunctionError } from "./engine/function-error.ts";
import { checkDocumentsMatch } from "./engine/schema-check.ts";
import type { TransactionObserver } from "./profiler/conflict-profiler.ts";
import { tableOf, type DocumentIndexes } from "./indexes/document-indexes.ts";
import { instrumentDatabase } from "./indexes/instrument-database.ts";
import { Gate, Mutex, PhaseLock } from "./locks.ts";
import { captureLogLines } from "./logs/function-logs.ts";
import { loadModules, type LoadedModules } from "./modules.ts";
import type { ChangeRecord, ComponentSnapshot, DatabaseSnapshot, UndoRecord } from "./storage/saved-state.ts";
import { ReadSet, type WrittenDocument } from "./sync/read-set.ts";
import { RequestLog, type RequestRecord } from "./sync/request-log.ts";

export type FunctionKind = "query" | "mutation" | "action";

/**
 * What a caller may reach: clients the app's public functions; the admin (the CLI, with the
 * admin key) internal functions too, and the functions of components (`componentPath`).
 */
export type Access = { admin: boolean; componentPath: string };
const CLIENT_ACCESS: Access = { admin: false, componentPath: "" };

/**
 * A call's result, its commit timestamp and what the function logged (Convex's logLines); for
 * a mutation, and an action whose mutations committed, also `commit`: the commit to wait on before answering.
 */
export type CallResult = { value: Value; ts: bigint; logLines: string[]; commit?: number; reads?: ReadSet };

/** How many commits' written documents are kept to decide whether a query must run again. */
const WRITE_LOG_LENGTH = 10_000;

export class Engine {
  private readonly gate = new Gate();
  private readonly mutations = new Mutex();
  private readonly commitListeners = new Set<(ts: bigint) => void>();
  /** Told of each top-level commit with its read and write sets (the conflict profiler). */
  private readonly transactionObservers = new Set<TransactionObserver>();
  /** The name of the mutation running (a client's, or a scheduled job's), for the observers. */
  private readonly mutationNameContext = new AsyncLocalStorage<{ name: string }>();
  /** Reloads run one after another, so the last change always wins. */
  private readonly reloads = new Mutex();
  /**
   * Query results at the latest commit, shared by every subscriber asking the same question
   * (same query, arguments and identity): 50 visitors of an event page cost one run per commit.
   */
  private queryCache = { ts: -1n, results: new Map<string, Promise<CallResult>>() };
  /** Commits that are not durable yet and reads that clients see never overlap (see PhaseLock). */
  private readonly phases = new PhaseLock();
  /** Counts reloads: a query's result from older code says nothing about the new code's. */
  codeGeneration = 0;
  /** Number of top-level commits so far; the writer saves up to a count. */
  commitCount = 0;
  /** Recent mutation results by "session id|request id", oldest first (exactly-once mutations). */
  private readonly requests = new RequestLog();
  /** Mutations of a request key still running, for a resend that arrives meanwhile. */
  private readonly requestsInFlight = new Map<string, Promise<CallResult>>();
  /** Set between a keyed mutation's commit and its record, so no snapshot splits the two. */
  private recording: Promise<void> | null = null;
  private finishRecording: () => void = () => {};
  private readonly requestKeyContext = new AsyncLocalStorage<string>();
  /** Inside an action: the latest commit its mutations made, so its answer can wait for the disk. */
  private readonly actionCommits = new AsyncLocalStorage<{ last: number | undefined }>();
  /** Filled with what a query reads while it runs (see `instrumentDatabases`). */
  private readonly readSetContext = new AsyncLocalStorage<ReadSet>();
  /** Documents each recent commit wrote, oldest first: [commit count after it, documents]. */
  private readonly writeLog: [number, WrittenDocument[]][] = [];
  /** Each component's indexes, by component path. */
  private indexes = new Map<string, DocumentIndexes>();
  /** How many times a query function ran (not answered from the cache): the bench counts re-runs. */
  queryRuns = 0;
  /** What changed since the last `takeChanges`: the state before, to undo it or journal it. */
  private unsaved: UndoRecord | null = null;

  private constructor(
    private readonly convexDir: string,
    private instance: Instance,
    private readonly setup: InstanceSetup,
  ) {}

  /** Loads convex/ and starts an empty database. */
  static async start(convexDir: string, setup: InstanceSetup = async () => {}): Promise<Engine> {
    const engine = new Engine(convexDir, await Engine.createInstance(convexDir, setup), setup);
    engine.watchCommits();
    return engine;
  }

  private static async createInstance(convexDir: string, setup: InstanceSetup): Promise<Instance> {
    const modules = await loadModules(convexDir);
    const schema = modules.byPath.get("schema")?.default as SchemaDefinition<never, boolean> | undefined;
    if (schema === undefined) throw new Error(`${convexDir}/schema.ts has no default export`);
    const t = convexTest(schema, modules.glob);
    const instance = { t, modules, global: await attachToInternals(t) };
    await setup(instance);
    return instance;
  }

  /**
   * Runs `work` with the current instance, like a client's call: a reload waits for it. For
   * the subsystems that run functions themselves (scheduled jobs, crons) or read the data.
   */
  withInstance<T>(work: (instance: EngineInstance) => Promise<T>): Promise<T> {
    return this.gate.shared(() => work(this.instance));
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

  /**
   * Calls `observer` after every top-level commit with what the transaction read (null for
   * scheduled jobs and actions' mutations, which are not recorded) and wrote.
   */
  onTransaction(observer: TransactionObserver): void {
    this.transactionObservers.add(observer);
  }

  /**
   * Gives every component's database real indexes and records what each query reads (see
   * instrument-database.ts): documents by id, index ranges, whole tables.
   */
  private instrumentDatabases(): void {
    this.indexes = new Map(
      Object.entries(this.instance.global.components).map(([component, { db }]) => [
        component,
        instrumentDatabase(component, db, this.readSetContext),
      ]),
    );
  }

  /**
   * Whether a commit after `commit` wrote something `reads` covers (or the log no longer
   * reaches back that far): then a query with those reads must run again.
   */
  wroteSince(commit: number, reads: ReadSet): boolean {
    if (commit >= this.commitCount) return false;
    const oldest = this.writeLog[0];
    if (oldest === undefined || oldest[0] > commit + 1) return true;
    for (let index = this.writeLog.length - 1; index >= 0; index -= 1) {
      const [seq, written] = this.writeLog[index]!;
      if (seq <= commit) break;
      for (const document of written) if (reads.isTouchedBy(document)) return true;
    }
    return false;
  }

  private watchCommits(): void {
    this.instrumentDatabases();
    const manager = this.instance.global.transactionManager;
    const commit = manager.commit.bind(manager);
    manager.commit = (isNested) => {
      const written = isNested ? null : this.noteWrites();
      const ts = commit(isNested);
      // The versions now committed (commit timestamps resolved).
      for (const document of written ?? []) {
        document.after = (this.instance.global.components[document.component]?.db._documents[document.id] ?? null) as Document | null;
      }
      if (ts === null) return ts;
      this.commitCount += 1;
      if (written !== null) this.tellObservers(written);
      const action = this.actionCommits.getStore();
      if (action !== undefined) action.last = this.commitCount;
      if (this.requestKeyContext.getStore() !== undefined && this.recording === null) {
        this.recording = new Promise((resolve) => (this.finishRecording = resolve));
      }
      for (const listener of this.commitListeners) listener(ts);
      return ts;
    };
  }

  private tellObservers(writes: WrittenDocument[]): void {
    if (this.transactionObservers.size === 0) return;
    const label = this.mutationNameContext.getStore();
    const transaction = {
      functionName: label?.name ?? "action",
      committedAt: Date.now(),
      reads: label === undefined ? null : (this.readSetContext.getStore() ?? null),
      writes,
    };
    for (const observer of this.transactionObservers) observer(transaction);
  }

  /**
   * Runs `transaction` recording its reads and its name for the observers; the name may be
   * set later, through the label passed (a scheduled job learns its name inside).
   */
  observed<T>(name: string, transaction: (label: { name: string }) => Promise<T>): Promise<T> {
    const label = { name };
    return this.mutationNameContext.run(label, () => this.readSetContext.run(new ReadSet(), () => transaction(label)));
  }

  /**
   * Runs a client's mutation and answers once `durable(commit)` resolves, holding reads back
   * meanwhile: no one sees a commit before it is saved, so a failed save can be rolled back.
   * With a `requestKey` ("session id|request id") it runs at most once: a resend gets the
   * stored result (or waits for the run in progress) and writes nothing.
   */
  mutate(
    udfPath: string,
    args: Record<string, Value>,
    identity: Identity | null,
    requestKey: string | null,
    durable: (commit: number) => Promise<void>,
    access: Access = CLIENT_ACCESS,
  ): Promise<CallResult> {
    const remembered = requestKey === null ? undefined : this.requests.get(requestKey);
    if (remembered !== undefined) {
      const { value, ts, commit } = remembered;
      return durable(commit).then(() => ({ value: jsonToConvex(value), ts, logLines: [], commit }));
    }
    const running = requestKey === null ? undefined : this.requestsInFlight.get(requestKey);
    if (running !== undefined) return running;
    const result = this.phases.run("write", async () => {
      const outcome = await this.call("mutation", udfPath, args, identity, requestKey, access);
      await durable(outcome.commit ?? this.commitCount);
      return outcome;
    });
    if (requestKey !== null) {
      this.requestsInFlight.set(requestKey, result);
      const forget = () => void this.requestsInFlight.delete(requestKey);
      result.then(forget, forget);
    }
    return result;
  }

  /**
   * Runs `work` (reads) so that everything it reads comes from one commit, which it returns:
   * no client mutation runs meanwhile, and a commit from elsewhere (an action, a scheduled
   * job) landing in between makes it run again.
   */
  async readAtOneCommit<T>(work: () => Promise<T>, saved: (commit: number) => Promise<void> = async () => {}): Promise<{ value: T; ts: bigint }> {
    for (;;) {
      const rollbacks = this.rollbacks;
      const read = await this.phases.run("read", async () => {
        for (;;) {
          const ts = this.lastCommitTs;
          const commit = this.commitCount;
          const value = await work();
          if (this.lastCommitTs === ts) return { value, ts, commit };
        }
      });
      // Clients' commits are saved before reads start; one from an action or a job may not be
      // yet. Nothing read goes out before it is, and a read of a commit rolled back is redone.
      await saved(read.commit);
      if (this.rollbacks === rollbacks) return { value: read.value, ts: read.ts };
    }
  }

  /** Counts rollbacks of unsaved commits: a read taken before one may hold what was undone. */
  private rollbacks = 0;

  /** Resolves once the latest commit's request record is in memory (see `recording`). */
  async settled(): Promise<void> {
    while (this.recording !== null) await this.recording;
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
    requestKey: string | null = null,
    access: Access = CLIENT_ACCESS,
  ): Promise<CallResult> {
    return this.gate.shared(async () => {
      const { t, modules } = this.instance;
      if (access.admin) await this.requireFunction(kind, udfPath, access.componentPath);
      else this.requirePublic(modules, kind, udfPath);
      // A component's function is reached through its handle, as the app's code would.
      const reference = access.componentPath === "" ? udfPath : `function://${access.componentPath};${udfPath}`;
      const caller = identity === null ? t : t.withIdentity(identity);
      const logLines: string[] = [];
      try {
        if (kind === "mutation") {
          return await this.mutations.run(async () => {
            try {
              // Its reads are recorded as a query's are, for the transaction observers.
              const run = () => this.observed(udfPath, () => caller.mutation(makeFunctionReference<"mutation">(reference), args));
              const value = await captureLogLines(logLines, () =>
                requestKey === null ? run() : this.requestKeyContext.run(requestKey, run),
              );
              const outcome = { value, ts: this.lastCommitTs, logLines, commit: this.commitCount };
              if (requestKey !== null) this.remember(requestKey, { value: convexToJson(value), ts: outcome.ts, commit: outcome.commit });
              return outcome;
            } finally {
              this.recording = null;
              this.finishRecording();
            }
          });
        }
        if (kind === "query") {
          this.queryRuns += 1;
          const reads = new ReadSet();
          const value = await captureLogLines(logLines, () =>
            this.readSetContext.run(reads, () => caller.query(makeFunctionReference<"query">(reference), args)),
          );
          return { value, ts: this.lastCommitTs, logLines, commit: this.commitCount, reads };
        }
        const commits: { last: number | undefined } = { last: undefined };
        const value = await captureLogLines(logLines, () =>
          this.actionCommits.run(commits, () => caller.action(makeFunctionReference<"action">(reference), args)),
        );
        return { value, ts: this.lastCommitTs, logLines, commit: commits.last };
      } catch (error) {
        // A ConvexError is the app talking to its user; anything else is worth a look.
        if (!isConvexError(error)) console.error(`local backend: ${kind} ${udfPath} failed:`, error);
        const failure = toFunctionError(error);
        failure.logLines = logLines;
        throw failure;
      }
    });
  }

  /**
   * Before a top-level commit applies its writes: keeps what each written document was, for
   * undoing and for the write log (whose `after` the caller fills in once committed).
   */
  private noteWrites(): WrittenDocument[] {
    const written: WrittenDocument[] = [];
    this.writeLog.push([this.commitCount + 1, written]);
    if (this.writeLog.length > WRITE_LOG_LENGTH) this.writeLog.shift();
    this.unsaved ??= {
      components: new Map(),
      lastCommitTs: this.lastCommitTs,
      commitCount: this.commitCount,
      requestKeys: [],
    };
    for (const [componentPath, { db }] of Object.entries(this.instance.global.components)) {
      const writes = db._writes.at(-1);
      if (writes === undefined) continue;
      let before = this.unsaved.components.get(componentPath);
      for (const id of Object.keys(writes)) {
        written.push({ component: componentPath, table: tableOf(id), id, before: db._documents[id] ?? null, after: null });
        if (before === undefined) {
          before = { nextDocId: db._nextDocId, lastCreationTime: db._lastCreationTime, documents: new Map() };
          this.unsaved.components.set(componentPath, before);
        }
        if (!before.documents.has(id)) before.documents.set(id, db._documents[id] ?? null);
      }
    }
    return written;
  }

  /**
   * What changed since the last call, as a journal record, and how to undo it; null when
   * nothing did. Taken synchronously, so it matches the state at this moment exactly.
   */
  takeChanges(): { record: ChangeRecord; undo: UndoRecord } | null {
    const undo = this.unsaved;
    if (undo === null) return null;
    this.unsaved = null;
    const components: ChangeRecord["components"] = {};
    for (const [componentPath, before] of undo.components) {
      const db = this.instance.global.components[componentPath]?.db;
      if (db === undefined) continue;
      const documents: Record<string, JSONValue | null> = {};
      for (const id of before.documents.keys()) {
        const document = db._documents[id];
        documents[id] = document === undefined ? null : convexToJson(document);
      }
      components[componentPath] = { nextDocId: db._nextDocId, lastCreationTime: db._lastCreationTime, documents };
    }
    const requests = this.requests.saved(undo.requestKeys);
    const record = { seq: this.commitCount, lastCommitTs: this.lastCommitTs.toString(), components, requests };
    return { record, undo };
  }

  /** Applies a journal record read at start (nothing runs yet). */
  replay(record: ChangeRecord): void {
    for (const [componentPath, change] of Object.entries(record.components)) {
      const db = this.instance.global.components[componentPath]?.db;
      if (db === undefined) continue;
      for (const [id, json] of Object.entries(change.documents)) {
        if (json === null) delete db._documents[id];
        else db._documents[id] = jsonToConvex(json) as Document;
      }
      db._nextDocId = change.nextDocId;
      db._lastCreationTime = change.lastCreationTime;
      this.indexes.get(componentPath)?.reset();
    }
    for (const [key, value, ts] of record.requests) this.requests.remember(key, { value, ts: BigInt(ts), commit: 0 });
    this.instance.global.transactionManager._lastCommitTs = BigInt(record.lastCommitTs);
    this.commitCount = record.seq;
  }

  /**
   * Undoes every commit not saved yet after a failed save: those since `taken` was taken and
   * `taken` itself. Runs with no client mutation in progress; `then` runs in the same step.
   */
  rollBackUnsaved(taken: UndoRecord, then: () => void): Promise<void> {
    return this.mutations.run(async () => {
      const newer = this.unsaved;
      this.unsaved = null;
      if (newer !== null) this.undo(newer);
      this.undo(taken);
      this.rollbacks += 1;
      then();
    });
  }

  private undo(changes: UndoRecord): void {
    for (const [componentPath, before] of changes.components) {
      const db = this.instance.global.components[componentPath]?.db;
      if (db === undefined) continue;
      const indexes = this.indexes.get(componentPath);
      for (const [id, document] of before.documents) {
        indexes?.changed(id, db._documents[id] ?? null, document);
        if (document === null) delete db._documents[id];
        else db._documents[id] = document;
      }
      db._nextDocId = before.nextDocId;
      db._lastCreationTime = before.lastCreationTime;
    }
    for (const key of changes.requestKeys) this.requests.forget(key);
    this.instance.global.transactionManager._lastCommitTs = changes.lastCommitTs;
  }

  private remember(requestKey: string, record: RequestRecord): void {
    this.unsaved?.requestKeys.push(requestKey);
    this.requests.remember(requestKey, record);
  }

  /** `call("query", ...)`, answered from the cache while no commit happened in between. */
  cachedQuery(udfPath: string, args: Record<string, Value>, identity: Identity | null, access: Access = CLIENT_ACCESS): Promise<CallResult> {
    if (this.queryCache.ts !== this.lastCommitTs) this.queryCache = { ts: this.lastCommitTs, results: new Map() };
    const key = JSON.stringify([identity?.tokenIdentifier ?? null, access.admin && identity !== null ? identity : null, access.componentPath, udfPath, convexToJson(args)]);
    let result = this.queryCache.results.get(key);
    if (result === undefined) {
      result = this.call("query", udfPath, args, identity, null, access);
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

  /** Serves a request with the app's HTTP actions (convex/http.ts); `commit` is the last one its mutations made. */
  fetch(pathAndQuery: string, init: RequestInit): Promise<{ response: Response; commit: number | undefined }> {
    return this.gate.shared(async () => {
      const commits: { last: number | undefined } = { last: undefined };
      const response = await this.actionCommits.run(commits, () => this.instance.t.fetch(pathAndQuery, init));
      return { response, commit: commits.last };
    });
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

  /**
   * What kind of function `udfPath` is in a component ("" the app), public or internal; null
   * when there is none.
   */
  async functionKind(udfPath: string, componentPath = ""): Promise<{ kind: FunctionKind; isPublic: boolean } | null> {
    const separator = udfPath.lastIndexOf(":");
    const modulePath = (separator === -1 ? udfPath : udfPath.slice(0, separator)).replace(/\.js$/, "");
    const exportName = separator === -1 ? "default" : udfPath.slice(separator + 1);
    const component = this.instance.global.components[componentPath];
    if (component === undefined || modulePath.startsWith("_")) return null;
    const fn = (await component.modules(modulePath).catch(() => undefined))?.[exportName] as Record<string, unknown> | undefined;
    const kind = fn?.isQuery === true ? "query" : fn?.isMutation === true ? "mutation" : fn?.isAction === true ? "action" : null;
    return kind === null ? null : { kind, isPublic: fn?.isPublic === true };
  }

  /** For the admin: any function of that kind, internal or in a component, with Convex's wording when there is none. */
  private async requireFunction(kind: FunctionKind, udfPath: string, componentPath: string): Promise<void> {
    if ((await this.functionKind(udfPath, componentPath))?.kind !== kind) {
      const where = componentPath === "" ? "" : ` in component '${componentPath}'`;
      throw new FunctionError(
        `Could not find function for '${udfPath}'${where}. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`,
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
    const components: Record<string, ComponentSnapshot> = {};
    for (const [componentPath, component] of Object.entries(this.instance.global.components)) {
      if (componentPath === "") continue;
      components[componentPath] = {
        nextDocId: component.db._nextDocId,
        lastCreationTime: component.db._lastCreationTime,
        documents: Object.values(component.db._documents).map((document) => convexToJson(document)),
      };
    }
    return {
      format: 1,
      nextDocId: db._nextDocId,
      lastCreationTime: db._lastCreationTime,
      lastCommitTs: this.lastCommitTs.toString(),
      documents: Object.values(db._documents).map((document) => convexToJson(document)),
      components,
      requests: this.requests.saved(),
      commitCount: this.commitCount,
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
    // A component no longer installed keeps nothing; a new one starts empty.
    for (const [componentPath, saved] of Object.entries(snapshot.components ?? {})) {
      const component = this.instance.global.components[componentPath];
      if (component === undefined) continue;
      component.db._documents = Object.fromEntries(
        saved.documents.map((json) => {
          const document = jsonToConvex(json) as Document;
          return [document._id, document];
        }),
      );
      component.db._nextDocId = saved.nextDocId;
      component.db._lastCreationTime = saved.lastCreationTime;
    }
    for (const indexes of this.indexes.values()) indexes.reset();
    this.instance.global.transactionManager._lastCommitTs = BigInt(snapshot.lastCommitTs);
    this.commitCount = snapshot.commitCount ?? 0;
    // A remembered request is durable by definition: it came from a saved state.
    this.requests.restore(snapshot.requests ?? []);
  }

  /** Whether the loaded convex/ exports a function at `udfPath` ("migrations:runAll"). */
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
   * ones meanwhile. If the new code does not load, or its schema does not match the data
   * (SchemaMismatchError), the old code keeps running.
   */
  reload(): Promise<void> {
    return this.reloads.run(async () => {
      const next = await Engine.createInstance(this.convexDir, this.setup);
      await this.gate.exclusive(async () => {
        try {
          checkDocumentsMatch(this.db._documents, next.global.components[""]!.db);
        } catch (error) {
          await next.modules.release();
          throw error;
        }
        const data = this.snapshot();
        const previous = this.instance;
        this.instance = next;
        this.queryCache = { ts: -1n, results: new Map() };
        this.restore(data);
        this.codeGeneration += 1;
        this.watchCommits();
        await previous.modules.release();
      });
    });
  }
}
