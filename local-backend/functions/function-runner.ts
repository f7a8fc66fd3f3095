/**
 * The function runner: runs the convex/ functions on convex-test, with what a server needs on
 * top of it: only public functions for clients (function-registry.ts), mutations side by side
 * under optimistic concurrency control (the database's transactions), exactly-once mutations
 * (database/request-log.ts), reads at one commit, the shared query cache, and swapping in
 * freshly loaded modules without losing data.
 *
 * The database under it (commits, write log, undo, snapshots) is handed out as `database`
 * (database/database.ts); every use of convex-test's private internals goes through
 * database/convex-test-adapter.ts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { convexTest } from "convex-test";
import { makeFunctionReference, type FunctionReference, type SchemaDefinition } from "convex/server";
import { convexToJson, jsonToConvex, type Value } from "convex/values";
import type { Identity } from "./auth-keys.ts";
import { attachToInternals, checkInternals, committedDocuments } from "../database/convex-test-adapter.ts";
import type { EngineInstance, InstanceSetup } from "./engine-instance.ts";
import { Database } from "../database/database.ts";
import { isConvexError, toFunctionError } from "./function-error.ts";
import { functionKind, hasFunction, requireFunction, requirePublic, type FunctionKind } from "./function-registry.ts";
import { checkDocumentsMatch } from "../database/schema-check.ts";
import type { TransactionObserver } from "./profiler/conflict-profiler.ts";
import { Gate, Mutex, PhaseLock } from "./locks.ts";
import { recordExecution } from "./logs/execution-log.ts";
import { noteTransactionUsage } from "./logs/execution-usage.ts";
import { loadModules, type LoadedModules } from "./modules.ts";
import { asFunctionCode, deploymentVariables } from "./deployment-environment.ts";
import { FunctionHost } from "./runtime/function-host.ts";
import type { RuntimeLimits } from "./runtime/runtime-limits.ts";
import { checkArguments, checkArgumentsSize, checkedReturnValue } from "./argument-validation.ts";
import type { CommitSource } from "../database/storage/group-commit.ts";
import type { UndoRecord } from "../database/storage/saved-state.ts";
import { ReadSet, type WrittenDocument } from "../database/read-set.ts";
import { RequestLog, type RequestRecord } from "../database/request-log.ts";

export type { FunctionKind } from "./function-registry.ts";

/** The code to serve: a convex/ folder loaded from source, or a loader (pushed code, or none yet). */
export type CodeSource = string | (() => Promise<LoadedModules>);

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

/** A client's mutation while it runs: its request key, and its commit once made. */
type MutationCall = { requestKey: string | null; commit?: number; ts?: bigint; recorded?: () => void };

/**
 * A call by name from one of the app's functions (an action's `runMutation`, a scheduled job),
 * checked against the app function's validator in Convex's words; a component's own calls are
 * left to convex-test.
 */
export function checkAppCall(modules: LoadedModules, callerFile: string | null, udfPath: string, args: Value): void {
  if (callerFile !== null && !Object.hasOwn(modules.glob, callerFile)) return;
  const [module = "", name = "default"] = udfPath.split(":");
  const fn = modules.byPath.get(module)?.[name] as { exportArgs?: () => string } | undefined;
  if (fn !== undefined) checkArguments(fn.exportArgs?.(), args as Record<string, Value>);
}

export class FunctionRunner {
  private readonly gate = new Gate();
  /** Told of each top-level commit with its read and write sets (the conflict profiler). */
  private readonly transactionObservers = new Set<TransactionObserver>();
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
  /** Recent mutation results by "session id|request id", oldest first (exactly-once mutations). */
  private readonly requests = new RequestLog();
  /** Mutations of a request key still running, for a resend that arrives meanwhile. */
  private readonly requestsInFlight = new Map<string, Promise<CallResult>>();
  /** Keyed mutations between their commit and their request record: no save splits the two. */
  private readonly recordings = new Set<Promise<void>>();
  private readonly mutationCall = new AsyncLocalStorage<MutationCall>();
  /** Inside an action: the latest commit its mutations made, so its answer can wait for the disk. */
  private readonly actionCommits = new AsyncLocalStorage<{ last: number | undefined }>();
  /** How many times a query function ran (not answered from the cache): the bench counts re-runs. */
  queryRuns = 0;
  /**
   * Commits, write log, undo and snapshots of every component's data: handed out as it is to
   * those that read or save the data (the writer, the sync sessions, the scheduler).
   */
  readonly database = new Database(this.requests);

  private constructor(
    private code: CodeSource,
    private instance: EngineInstance,
    private readonly setup: InstanceSetup,
    private readonly limits: Partial<RuntimeLimits>,
  ) {
    instance.host.warm();
    this.database.attach(instance.global);
    instance.host.transactionStarts = () => this.database.snapshotNow();
    // First listener: the commit's bookkeeping is done before anyone else hears of it.
    this.database.onCommit((ts, written, reads) => this.noteCommit(ts, written, reads));
    // What each transaction used of Convex's limits: its execution's log entry and warnings.
    this.database.onUsage(noteTransactionUsage);
  }

  /** Loads convex/ and starts an empty database; `limits` are the runtime's (tests shorten them). */
  static async start(
    code: CodeSource,
    setup: InstanceSetup = async () => {},
    limits: Partial<RuntimeLimits> = {},
  ): Promise<FunctionRunner> {
    return new FunctionRunner(code, await FunctionRunner.createInstance(code, setup, limits), setup, limits);
  }

  /**
   * Runs `work` beside the other calls (a reload waits for it) as the app's code: what it runs
   * sees the deployment's variables as `process.env` (deployment-environment.ts).
   */
  private asApp<T>(work: () => Promise<T>): Promise<T> {
    return asFunctionCode(() => this.gate.shared(work));
  }

  /** Loads the code (module-level code runs: as the app's) and prepares an instance. */
  private static createInstance(code: CodeSource, setup: InstanceSetup, limits: Partial<RuntimeLimits>): Promise<EngineInstance> {
    return asFunctionCode(() => FunctionRunner.loadInstance(code, setup, limits));
  }

  /**
   * The code is loaded here too, for what the backend reads of it (schema, function list,
   * crons, HTTP routes); its functions run in the host's workers, which load it again.
   */
  private static async loadInstance(code: CodeSource, setup: InstanceSetup, limits: Partial<RuntimeLimits>): Promise<EngineInstance> {
    const modules = typeof code === "string" ? await loadModules(code) : await code();
    // As on Convex, an app without a schema has tables of any shape.
    const schema = modules.byPath.get("schema")?.default as SchemaDefinition<never, boolean> | undefined;
    const nodeFiles = modules.nodeFiles ?? new Set<string>();
    const host = new FunctionHost({
      environment: deploymentVariables,
      preload: Object.keys(modules.glob).filter((file) => !nodeFiles.has(file) && !file.includes("no-functions-pushed-yet")),
      nodeFiles,
      limits,
      checkCall: (callerFile, udfPath, args) => checkAppCall(modules, callerFile, udfPath, args),
    });
    const t = convexTest(schema, host.routeGlob(modules.glob));
    const instance = { t, modules, host, global: await attachToInternals(t) };
    await setup(instance);
    // Again with the components the setup registered.
    checkInternals(t, instance.global);
    return instance;
  }

  /**
   * Runs `work` with the current instance, like a client's call: a reload waits for it. For
   * the subsystems that run functions themselves (scheduled jobs, crons) or read the data.
   */
  withInstance<T>(work: (instance: EngineInstance) => Promise<T>): Promise<T> {
    return this.asApp(() => this.database.inOwnLine(() => work(this.instance)));
  }

  /**
   * Calls `observer` after every top-level commit with what the transaction read (null for
   * scheduled jobs and actions' mutations, which are not recorded) and wrote.
   */
  onTransaction(observer: TransactionObserver): void {
    this.transactionObservers.add(observer);
  }

  /**
   * After each top-level commit: its observers, which action made it, and for a client's
   * mutation its commit, and that its request record must follow before the next save.
   */
  private noteCommit(ts: bigint, written: WrittenDocument[] | null, reads: ReadSet | null): void {
    if (written !== null) this.tellObservers(written, reads);
    const action = this.actionCommits.getStore();
    if (action !== undefined) action.last = this.database.commitCount;
    const call = this.mutationCall.getStore();
    if (call === undefined || call.commit !== undefined) return;
    call.commit = this.database.commitCount;
    call.ts = ts;
    if (call.requestKey !== null) {
      let resolve = () => {};
      const recording = new Promise<void>((done) => (resolve = done));
      this.recordings.add(recording);
      call.recorded = () => {
        this.recordings.delete(recording);
        resolve();
      };
    }
  }

  private tellObservers(writes: WrittenDocument[], reads: ReadSet | null): void {
    if (this.transactionObservers.size === 0) return;
    const label = this.database.labelContext.getStore();
    const transaction = { functionName: label?.name ?? "action", committedAt: Date.now(), reads, writes };
    for (const observer of this.transactionObservers) observer(transaction);
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
      await durable(outcome.commit ?? this.database.commitCount);
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
  async readAtOneCommit<T>(
    work: () => Promise<T>,
    saved: (commit: number) => Promise<void> = async () => {},
  ): Promise<{ value: T; ts: bigint }> {
    for (;;) {
      const rollbacks = this.database.rollbacks;
      const read = await this.phases.run("read", async () => {
        for (;;) {
          const ts = this.database.lastCommitTs;
          const commit = this.database.commitCount;
          const value = await work();
          if (this.database.lastCommitTs === ts) return { value, ts, commit };
        }
      });
      // Clients' commits are saved before reads start; one from an action or a job may not be
      // yet. Nothing read goes out before it is, and a read of a commit rolled back is redone.
      await saved(read.commit);
      if (this.database.rollbacks === rollbacks) return { value: read.value, ts: read.ts };
    }
  }

  /**
   * Null when every commit's request record is in memory (see `recordings`); otherwise a
   * promise to wait on before asking again. Synchronous, so a save can check and take at once.
   */
  private whenSettled(): Promise<void> | null {
    return this.recordings.size === 0 ? null : Promise.all(this.recordings).then(() => {});
  }

  /**
   * Runs a public function for a client. Internal functions and unknown names fail like on
   * Convex. Every call runs beside the others; a mutation whose reads another commit changed
   * meanwhile runs again, as on Convex (Database.transaction).
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
    return this.asApp(async () => {
      const { t, modules } = this.instance;
      if (access.admin) await requireFunction(this.instance.global.components[access.componentPath], kind, udfPath, access.componentPath);
      // Arguments checked as Convex checks them, in its words, before convex-test does in its own.
      else checkArguments(requirePublic(modules, kind, udfPath).exportArgs?.(), args);
      checkArgumentsSize(udfPath, args);
      // A component's function is reached through its handle (a plain "function://…" string, which
      // convex-test resolves in that component), as the app's own code would.
      const handle = `function://${access.componentPath};${udfPath}`;
      const ref = <Kind extends FunctionKind>() =>
        (access.componentPath === "" ? makeFunctionReference<Kind>(udfPath) : handle) as FunctionReference<Kind>;
      const caller = identity === null ? t : t.withIdentity(identity);
      const logLines: string[] = [];
      try {
        if (kind === "mutation") {
          const call: MutationCall = { requestKey };
          try {
            const value = await recordExecution(
              udfPath,
              "Mutation",
              access.componentPath,
              () =>
                this.mutationCall.run(call, () =>
                  this.database.transaction(udfPath, () => checkedReturnValue(udfPath, caller.mutation(ref<"mutation">(), args))),
                ),
              logLines,
            );
            // A mutation that wrote nothing made no commit: it answers at the latest one.
            const outcome = {
              value,
              ts: call.ts ?? this.database.lastCommitTs,
              logLines,
              commit: call.commit ?? this.database.commitCount,
            };
            if (requestKey !== null) this.remember(requestKey, { value: convexToJson(value), ts: outcome.ts, commit: outcome.commit });
            return outcome;
          } finally {
            call.recorded?.();
          }
        }
        if (kind === "query") {
          this.queryRuns += 1;
          const { value, reads } = await recordExecution(
            udfPath,
            "Query",
            access.componentPath,
            () => this.database.query(udfPath, () => checkedReturnValue(udfPath, caller.query(ref<"query">(), args))),
            logLines,
          );
          // Nothing it read changed since its snapshot, so it is also the result at the latest commit.
          return { value, ts: this.database.lastCommitTs, logLines, commit: this.database.commitCount, reads };
        }
        const commits: { last: number | undefined } = { last: undefined };
        const value = await recordExecution(
          udfPath,
          "Action",
          access.componentPath,
          () =>
            this.actionCommits.run(commits, () =>
              this.database.inOwnLine(() => checkedReturnValue(udfPath, caller.action(ref<"action">(), args))),
            ),
          logLines,
        );
        return { value, ts: this.database.lastCommitTs, logLines, commit: commits.last };
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
   * Undoes every commit not saved yet after a failed save: those since `taken` was taken and
   * `taken` itself, with their request records (so it waits for those to be in memory);
   * `then` runs in the same step. A transaction running meanwhile conflicts at its commit.
   */
  private async rollBackUnsaved(taken: UndoRecord, then: () => void): Promise<void> {
    for (let waiting = this.whenSettled(); waiting !== null; waiting = this.whenSettled()) await waiting;
    this.database.rollBackUnsaved(taken);
    then();
  }

  /**
   * What the disk writer saves: the database's commits, taken only once their request records
   * are in memory too (so a save never splits a mutation from its record), and rolled back with them.
   */
  commitsToSave(): CommitSource {
    const database = this.database;
    return {
      get commitCount() {
        return database.commitCount;
      },
      whenSettled: () => this.whenSettled(),
      takeChanges: () => database.takeChanges(),
      snapshot: () => database.snapshot(),
      rollBackUnsaved: (taken, then) => this.rollBackUnsaved(taken, then),
    };
  }

  private remember(requestKey: string, record: RequestRecord): void {
    this.database.noteRequest(requestKey);
    this.requests.remember(requestKey, record);
  }

  /** `call("query", ...)`, answered from the cache while no commit happened in between. */
  cachedQuery(
    udfPath: string,
    args: Record<string, Value>,
    identity: Identity | null,
    access: Access = CLIENT_ACCESS,
  ): Promise<CallResult> {
    if (this.queryCache.ts !== this.database.lastCommitTs) this.queryCache = { ts: this.database.lastCommitTs, results: new Map() };
    const key = JSON.stringify([
      identity?.tokenIdentifier ?? null,
      access.admin && identity !== null ? identity : null,
      access.componentPath,
      udfPath,
      convexToJson(args),
    ]);
    let result = this.queryCache.results.get(key);
    if (result === undefined) {
      result = this.call("query", udfPath, args, identity, null, access);
      this.queryCache.results.set(key, result);
    }
    return result;
  }

  /** Runs an internal mutation (seeding, migrations) like a client's, beside the others. */
  runInternalMutation(udfPath: string): Promise<Value> {
    return this.asApp(() =>
      this.database.transaction(udfPath, () => this.instance.t.mutation(makeFunctionReference<"mutation">(udfPath), {})),
    );
  }

  /** Serves a request with the app's HTTP actions (convex/http.ts); `commit` is the last one its mutations made. */
  fetch(pathAndQuery: string, init: RequestInit): Promise<{ response: Response; commit: number | undefined }> {
    return this.asApp(async () => {
      const commits: { last: number | undefined } = { last: undefined };
      const route = `${init.method ?? "GET"} ${new URL(pathAndQuery, "http://site").pathname}`;
      const response = await recordExecution(route, "HttpAction", "", () =>
        this.actionCommits.run(commits, () => this.database.inOwnLine(() => this.instance.t.fetch(pathAndQuery, init))),
      );
      return { response, commit: commits.last };
    });
  }

  /**
   * What kind of function `udfPath` is in a component ("" the app), public or internal; null
   * when there is none.
   */
  functionKind(udfPath: string, componentPath = ""): Promise<{ kind: FunctionKind; isPublic: boolean } | null> {
    return functionKind(this.instance.global.components[componentPath], udfPath);
  }

  /** The app schema served (the default export of `schema`), undefined without one: a push's index diff starts from it. */
  servedSchema(): unknown {
    return this.instance.modules.byPath.get("schema")?.default;
  }

  /** The components served, by path ("rateLimiter", "rateLimiter/batchWorker"; not the app). */
  componentPaths(): string[] {
    return Object.keys(this.instance.global.components).filter((componentPath) => componentPath !== "");
  }

  /** Whether the loaded convex/ exports a function at `udfPath` ("migrations:runAll"). */
  hasFunction(udfPath: string): boolean {
    return hasFunction(this.instance.modules, udfPath);
  }

  /** Stops the workers and releases the module loader; call it last. */
  dispose(): Promise<void> {
    return this.reloads.run(() => FunctionRunner.release(this.instance));
  }

  private static async release(instance: EngineInstance): Promise<void> {
    await instance.host.close();
    await instance.modules.release();
  }

  /**
   * Checks that `code` loads and that the data matches its schema, without serving it
   * (a push's schema step); `setup` prepares the instance (components only: nothing else may
   * change for code that is not served). Throws like `reload`.
   */
  checkCode(code: CodeSource, setup: InstanceSetup): Promise<void> {
    return this.reloads.run(async () => {
      const next = await FunctionRunner.createInstance(code, setup, this.limits);
      try {
        await this.gate.exclusive(async () =>
          checkDocumentsMatch(committedDocuments(this.instance.global.components[""]!.db), next.global.components[""]!.db),
        );
      } finally {
        await FunctionRunner.release(next);
      }
    });
  }

  /**
   * Loads the code again (or `code`, which is served from then on) and moves the data over.
   * Waits for calls in progress and holds new ones meanwhile. If the new code does not load,
   * or its schema does not match the data (SchemaMismatchError), the old code keeps running.
   */
  reload(code: CodeSource = this.code): Promise<void> {
    return this.reloads.run(async () => {
      const next = await FunctionRunner.createInstance(code, this.setup, this.limits);
      await this.gate.exclusive(async () => {
        try {
          checkDocumentsMatch(committedDocuments(this.instance.global.components[""]!.db), next.global.components[""]!.db);
        } catch (error) {
          await FunctionRunner.release(next);
          throw error;
        }
        const data = this.database.snapshot();
        const previous = this.instance;
        this.instance = next;
        this.code = code;
        this.queryCache = { ts: -1n, results: new Map() };
        this.database.attach(next.global);
        next.host.transactionStarts = () => this.database.snapshotNow();
        this.database.restore(data);
        this.codeGeneration += 1;
        next.host.warm();
        await FunctionRunner.release(previous);
      });
    });
  }
}
