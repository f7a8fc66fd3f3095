/**
 * Runs the app's functions apart from the backend, in worker threads (function-worker.ts), as
 * Convex runs each in an isolate: a function that loops, crashes or runs out of memory ends
 * its worker and fails its own call, never the backend, and the other calls go on meanwhile.
 *
 * convex-test still drives every call (arguments, transactions, commits): the exports it is
 * given (`routeGlob`) carry handlers that hand the call to a worker and serve the worker's
 * syscalls back in the call's own context, so the database and its transactions stay here.
 * Two pools: queries and mutations (1 s of their own JavaScript each, waiting for the database
 * not counted), actions and HTTP actions (10 minutes). A query or mutation has a worker to
 * itself, as a Convex isolate is one function's at a time: the others wait for a free worker
 * before they start (as Convex's run wait for a concurrency permit), so a transaction's reads
 * stay open only while its own code runs, never while other calls' code does. Actions share
 * a worker (they mostly wait). The functions a call starts (a component's, an action's
 * `runMutation`) run in its worker, so a busy pool never waits on itself.
 */
import { AsyncLocalStorage } from "node:async_hooks";
// Node's own timers: a handler runs where convex-test withholds the global ones from queries and mutations.
import { clearInterval, clearTimeout, setInterval, setTimeout } from "node:timers";
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import { ConvexError, convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { argumentsTooLarge, checkReturnValueSize } from "../argument-validation.ts";
import { startNodeProcess, type WorkerThread } from "./node-process.ts";
import { newSeed } from "./runtime-rules.ts";
import { convexSyscalls } from "./convex-syscalls.ts";
import { WriteConflict } from "../../database/write-conflicts.ts";
import {
  CLOCK_CALL,
  CLOCK_LIMIT,
  CLOCK_RUNNING_SINCE,
  CLOCK_SLOTS,
  CLOCK_SPENT,
  type CallKind,
  type FromWorker,
  type FunctionTarget,
  type HttpMessage,
  type Reply,
  type SerializedError,
  type StartCall,
} from "./protocol.ts";
import type { NodeProcessInit, WorkerData } from "./worker-channel.ts";
import { DEFAULT_RUNTIME_LIMITS, outOfMemoryError, timedOutError, type RuntimeLimits } from "./runtime-limits.ts";

type Ctx = Record<string, unknown> & { auth: { getUserIdentity: () => Promise<unknown> } };
type Glob = Record<string, () => Promise<Record<string, unknown>>>;
/** Queries and mutations; actions of Convex's runtime; `"use node"` actions, in processes of their own. */
type Group = "transactions" | "actions" | "node";

/** One call handed to a worker, as the backend follows it. */
type HostCall = {
  id: number;
  /** The call whose syscall started this one, in the same worker. */
  parent: number | null;
  worker: FunctionWorker;
  kind: CallKind;
  target?: FunctionTarget;
  ctx: Ctx;
  /** Runs `work` in the async context the call started in (convex-test's transaction, identity, component). */
  resume: <T>(work: () => T) => T;
  resolve: (message: { value: string; response?: HttpMessage }) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

/** A worker thread and what the backend keeps about it. */
type FunctionWorker = {
  thread: WorkerThread;
  group: Group;
  isReady: boolean;
  ready: Promise<void>;
  clock: Float64Array;
  signal: Int32Array;
  /** Where synchronous syscalls are answered (threads only: a Node action makes none). */
  syncPort: MessagePort | null;
  calls: Map<number, HostCall>;
  /** How many top-level queries and mutations run in it (one, unless it was lent: see `freeWorker`). */
  claims: number;
  /** When each async syscall the backend is still answering for it was asked (by request id). */
  unanswered: Map<number, number>;
  dead: boolean;
  /** When it last sent anything, and when it was last asked to. */
  lastHeard: number;
  lastPinged: number;
};

/**
 * The syscalls of an action's `ctx.runQuery/runMutation/runAction`: by name they go to the
 * syscall as they are; a function handle or a component's reference, which convex-test's
 * syscall does not resolve, goes through convex-test's own `ctx`.
 */
const ACTION_CALLS: Record<string, "runQuery" | "runMutation" | "runAction"> = {
  "1.0/actions/query": "runQuery",
  "1.0/actions/mutation": "runMutation",
  "1.0/actions/action": "runAction",
};

const wallNow = () => performance.timeOrigin + performance.now();
const WATCHDOG_MS = 20;
const PING_MS = 1000;
/**
 * A worker whose call has run this long without a break is busy with it: new calls go to
 * another worker, and the queries and mutations waiting in it (an action's) move there too.
 */
const BUSY_TURN_MS = 100;
/** A worker runs many actions side by side (each waits for the database most of its time); past this many, another starts. */
const CALLS_BEFORE_ANOTHER_WORKER = 8;
/**
 * A query or mutation waiting this long for an answer of the backend (a slow syscall, a test's
 * pause) lends its worker to the next one waiting: its code is not running, and a pool of a
 * few workers must not stall behind calls that wait on each other.
 */
const LEND_AFTER_MS = 100;
/** At most this many queries and mutations run at once (Convex's APPLICATION_MAX_CONCURRENT_QUERIES/MUTATIONS); the others wait. */
const MAX_CONCURRENT_TRANSACTIONS = 16;

/** A query or mutation that only ran beside one that overran: run again, as after a write conflict. */
function ranBeside(): Error {
  return new WriteConflict(null, { table: null, id: null, writer: null, read: null });
}

function serializeError(thrown: unknown): SerializedError {
  const error = (typeof thrown === "object" && thrown !== null ? thrown : new Error(String(thrown))) as Error & { data?: unknown };
  const data =
    Symbol.for("ConvexError") in error && error.data !== undefined ? JSON.stringify(convexToJson(error.data as Value)) : undefined;
  return {
    name: error.name,
    message: error.message,
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    ...(data === undefined ? {} : { data }),
  };
}

function errorFromWorker(serialized: SerializedError): Error {
  const error =
    serialized.data === undefined ? new Error(serialized.message) : new ConvexError(jsonToConvex(JSON.parse(serialized.data) as JSONValue));
  error.message = serialized.message;
  if (serialized.data === undefined) error.name = serialized.name;
  if (serialized.stack !== undefined) error.stack = serialized.stack;
  return error;
}

/** A function reference convex-test resolves, from the address an action's syscall names. */
function referenceOf(address: Record<string, unknown>): unknown {
  if (typeof address.functionHandle === "string") return address.functionHandle;
  if (typeof address.name === "string") return address.name;
  return { [Symbol.for("toReferencePath")]: address.reference };
}

async function toHttpMessage(request: Request): Promise<HttpMessage> {
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return { url: request.url, method: request.method, headers: [...request.headers], body: hasBody ? await request.arrayBuffer() : null };
}

function toResponse(message: HttpMessage): Response {
  const noBody = [101, 204, 205, 304].includes(message.status ?? 200);
  return new Response(noBody ? null : message.body, { status: message.status, statusText: message.statusText, headers: message.headers });
}

export type HostSettings = {
  /** The deployment's variables, as the code's `process.env` (read when a worker starts). */
  environment: () => Record<string, string>;
  /** The app's module files: each worker loads them before taking calls. */
  preload: string[];
  /** The `"use node"` module files: their actions run in Node.js processes. */
  nodeFiles?: ReadonlySet<string>;
  /** Checks the arguments of a call by name that the function in `callerFile` makes (Convex's words; throws). */
  checkCall?: (callerFile: string, udfPath: string, args: Value) => void;
  limits?: Partial<RuntimeLimits>;
};

export class FunctionHost {
  private readonly limits: RuntimeLimits;
  private readonly loadedAt = Date.now();
  private readonly pools: Record<Group, Set<FunctionWorker>> = { transactions: new Set(), actions: new Set(), node: new Set() };
  private readonly current = new AsyncLocalStorage<HostCall>();
  /** Runs its argument in the async context the host was made in, outside any call. */
  private readonly outsideCalls = AsyncLocalStorage.snapshot();
  /** Queries and mutations waiting for a free worker, first come first served. */
  private readonly waiting: { resolve: (worker: FunctionWorker) => void; reject: (error: Error) => void }[] = [];
  private nextCall = 0;
  /**
   * Told, in the call's own context, as a top-level query or mutation starts running in the
   * worker it waited for (the database takes its transaction's snapshot then).
   */
  transactionStarts: () => void = () => {};
  private watchdog: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly settings: HostSettings) {
    this.limits = { ...DEFAULT_RUNTIME_LIMITS, ...settings.limits };
  }

  /**
   * Starts the workers for queries and mutations ahead of the first call: one loading the
   * whole app, and a spare (loading what it is asked for), so a query stuck in a loop never
   * holds the others back.
   */
  warm(): void {
    if (this.pools.transactions.size > 0) return;
    this.spawn("transactions");
    if (this.limits.transactionWorkers > 1) this.spawn("transactions");
  }

  /**
   * `glob` (file → module loader, as convex-test takes it) with every function's handler
   * replaced by one that runs it in a worker (a process for a `"use node"` module's actions).
   */
  routeGlob(glob: Glob): Glob {
    // As convex-test reads module paths: what follows the folder holding `_generated`.
    const root =
      Object.keys(glob)
        .find((file) => file.includes("_generated"))
        ?.split("_generated", 2)[0] ?? "";
    return Object.fromEntries(
      Object.entries(glob).map(([file, load]) => {
        const modulePath = file.startsWith(root) ? file.slice(root.length).replace(/\.[jt]s$/, "") : file;
        let routed: Promise<Record<string, unknown>> | null = null;
        // Loaded outside the call that first asks (whose context makes convex-test refuse timers): loading code is the backend's work.
        return [file, () => (routed ??= this.outsideCalls(load).then((exports) => this.routeExports(file, modulePath, exports)))];
      }),
    );
  }

  private routeExports(file: string, modulePath: string, exports: Record<string, unknown>): Record<string, unknown> {
    const routed: Record<string, unknown> = {};
    for (const [exportName, value] of Object.entries(exports)) {
      const fn = value as Record<string, unknown> | null;
      const kind: CallKind | null = fn?.isQuery ? "query" : fn?.isMutation ? "mutation" : fn?.isAction ? "action" : null;
      const target = { file, exportName, udfPath: `${modulePath}:${exportName}` };
      if (kind !== null) routed[exportName] = { ...fn, _handler: (ctx: Ctx, args: unknown) => this.call(kind, target, ctx, args) };
      else if (fn?.isRouter === true && typeof fn.lookup === "function") routed[exportName] = this.routeRouter(file, exportName, fn);
      else routed[exportName] = value;
    }
    return routed;
  }

  private routeRouter(file: string, exportName: string, router: Record<string, unknown>): unknown {
    const lookup = (router.lookup as (path: string, method: string) => unknown[] | null).bind(router);
    return Object.create(router, {
      lookup: {
        value: (path: string, method: string) => {
          const found = lookup(path, method);
          if (found === null) return null;
          const [fn, ...rest] = found as [Record<string, unknown>, ...unknown[]];
          const target = { file, exportName, route: { path, method } };
          return [{ ...fn, _handler: (ctx: Ctx, request: Request) => this.call("httpAction", target, ctx, request) }, ...rest];
        },
      },
    });
  }

  /** Which pool runs a call: a `"use node"` module's actions run in Node.js processes. */
  private groupOf(kind: CallKind, target: FunctionTarget): Group {
    if (kind === "query" || kind === "mutation") return "transactions";
    return kind === "action" && this.settings.nodeFiles?.has(target.file) === true ? "node" : "actions";
  }

  /**
   * Runs one call in a worker: the one its caller runs in (a call it made); a worker of its
   * own for a query or mutation (see `claimWorker`); else the least busy of its pool. A Node
   * action's calls go back to the workers, and a call to one to its process.
   */
  private async call(kind: CallKind, target: FunctionTarget, ctx: Ctx, argsOrRequest: unknown): Promise<unknown> {
    if (this.closed) throw new Error("local backend: this code is no longer served");
    const resume = AsyncLocalStorage.snapshot();
    const group = this.groupOf(kind, target);
    if (group === "node") checkNodeArgumentsSize(target, argsOrRequest as Value);
    const caller = this.current.getStore();
    const inCaller = caller !== undefined && !caller.worker.dead && caller.worker.calls.has(caller.id);
    const parent = inCaller && caller.worker.group !== "node" && group !== "node" ? caller : undefined;
    const identity = await ctx.auth.getUserIdentity();
    const request = kind === "httpAction" ? await toHttpMessage(argsOrRequest as Request) : undefined;
    const transactional = kind === "query" || kind === "mutation";
    const message: Omit<StartCall, "call"> = {
      type: "call",
      parent: parent?.id ?? null,
      kind,
      target,
      args: kind === "httpAction" ? "[]" : JSON.stringify(convexToJson([argsOrRequest as Value])),
      identity,
      now: null,
      seed: transactional ? (this.limits.randomSeed ?? newSeed()) : null,
      timeLimitMs: transactional ? this.limits.transactionMs : 0,
      ...(request === undefined ? {} : { request }),
    };
    const ownWorker = parent === undefined && group === "transactions";
    const worker = parent?.worker ?? (ownWorker ? await this.claimWorker() : await this.workerFor(group));
    if (ownWorker) this.transactionStarts();
    // The clock stops as the function starts: after any wait for a worker.
    if (transactional) message.now = Date.now();
    const outcome = await this.start(worker, { ...message, call: ++this.nextCall }, { ctx, resume, target });
    if (outcome.response !== undefined) return toResponse(outcome.response);
    const value = jsonToConvex(JSON.parse(outcome.value) as JSONValue);
    // Here, before convex-test commits the mutation: one whose value is refused changes nothing.
    if (transactional) checkReturnValueSize(target.udfPath ?? target.exportName, value);
    return value;
  }

  /** Hands `message`'s call to `worker` and waits for its outcome. */
  private start(
    worker: FunctionWorker,
    message: StartCall,
    context: Pick<HostCall, "ctx" | "resume" | "target">,
  ): Promise<{ value: string; response?: HttpMessage }> {
    return new Promise((resolve, reject) => {
      const call: HostCall = { id: message.call, parent: message.parent, worker, kind: message.kind, ...context, resolve, reject };
      // An action is answered at its time limit; its worker goes on with the others' (see `checkWorkers`).
      if (message.parent === null && message.timeLimitMs === 0) {
        call.timer = setTimeout(() => this.abandon(call, timedOutError(this.limits.actionMs)), this.limits.actionMs);
      }
      worker.calls.set(call.id, call);
      this.startWatchdog();
      worker.thread.postMessage(message);
    });
  }

  /**
   * A free worker for a top-level query or mutation, kept for it until it ends (`release`):
   * the first free one, else (past those starting, up to the pool's size) a new one, else the
   * first to be freed. Callers are served in the order they came.
   */
  private claimWorker(): Promise<FunctionWorker> {
    const free = this.waiting.length === 0 ? this.freeWorker() : undefined;
    if (free !== undefined) {
      free.claims += 1;
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.dispatch();
    });
  }

  /**
   * A ready worker running no query or mutation; else one whose queries and mutations all wait
   * for the backend since `LEND_AFTER_MS` (lent: they then share it, as in one event loop).
   */
  private freeWorker(): FunctionWorker | undefined {
    const live = [...this.pools.transactions].filter((worker) => !worker.dead && worker.isReady);
    const free = live.find((worker) => worker.claims === 0);
    if (free !== undefined) return free;
    if (live.reduce((sum, worker) => sum + worker.claims, 0) >= MAX_CONCURRENT_TRANSACTIONS) return undefined;
    return live.find((worker) => worker.clock[CLOCK_RUNNING_SINCE] === 0 && waitingLong(worker) >= worker.claims);
  }

  /** Gives free workers to the queries and mutations waiting, and starts another when they are all in use. */
  private dispatch(): void {
    while (this.waiting.length > 0) {
      const free = this.freeWorker();
      if (free === undefined) return this.growTransactionPool();
      free.claims += 1;
      this.waiting.shift()!.resolve(free);
    }
  }

  private growTransactionPool(): void {
    if (this.closed) return;
    const live = [...this.pools.transactions].filter((worker) => !worker.dead);
    if (live.length < this.limits.transactionWorkers && live.every((worker) => worker.isReady)) this.spawn("transactions");
    // A worker may be lent once its calls have waited long enough: the watchdog looks again.
    this.startWatchdog();
  }

  /** A top-level call ended (answered, abandoned or its worker gone): forgets it, and frees its worker's claim. */
  private forget(call: HostCall): void {
    call.worker.calls.delete(call.id);
    clearTimeout(call.timer);
    if (call.parent !== null || call.worker.group !== "transactions") return;
    call.worker.claims -= 1;
    this.dispatch();
  }

  /**
   * The least busy ready worker of the pool; a new one is started when every worker has
   * `CALLS_BEFORE_ANOTHER_WORKER` calls or more (and the pool may grow), used once it is ready.
   */
  private async workerFor(group: Group): Promise<FunctionWorker> {
    const pool = this.pools[group];
    const max = group === "transactions" ? this.limits.transactionWorkers : this.limits.actionWorkers;
    const live = [...pool].filter((worker) => !worker.dead);
    const ready = live.filter((worker) => worker.isReady && !this.isBusy(worker)).sort((a, b) => a.calls.size - b.calls.size);
    const least = ready[0];
    if (
      live.length < max &&
      live.every((worker) => worker.isReady) &&
      (least === undefined || least.calls.size >= CALLS_BEFORE_ANOTHER_WORKER)
    ) {
      const spawned = this.spawn(group);
      if (least === undefined) {
        await spawned.ready;
        return spawned;
      }
    }
    if (least !== undefined) return least;
    // Every worker is starting, or busy with one long call: wait for one to start or be free.
    const starting = live.filter((worker) => !worker.isReady).map((worker) => worker.ready);
    await Promise.race([...starting, new Promise((resolve) => setTimeout(resolve, BUSY_TURN_MS))]);
    if (this.closed) throw new Error("local backend: this code is no longer served");
    return this.workerFor(group);
  }

  /** A worker thread for Convex's runtime, its settings and the ports of its syscalls. */
  private startThread(group: Group): { thread: WorkerThread; syncPort: MessagePort; clock: SharedArrayBuffer; signal: SharedArrayBuffer } {
    const { port1, port2 } = new MessageChannel();
    const clock = new SharedArrayBuffer(CLOCK_SLOTS * Float64Array.BYTES_PER_ELEMENT);
    const signal = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const workerData: WorkerData = {
      runtime: "isolate",
      syncPort: port2,
      signal,
      clock,
      env: this.settings.environment(),
      loadedAt: this.loadedAt,
      // The first worker of a pool loads the whole app ahead of its calls; the others what they are asked for.
      preload: this.pools[group].size === 0 ? this.settings.preload : [],
    };
    const thread = new Worker(new URL("./worker-entry.mjs", import.meta.url), {
      workerData,
      transferList: [port2],
      // The export conditions Convex's bundler resolves packages with for its runtime (browser builds, not Node's).
      execArgv: ["--conditions=convex", "--conditions=module", "--conditions=browser"],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
      stdout: false,
      stderr: false,
    });
    return { thread, syncPort: port1, clock, signal };
  }

  /** A Node.js process for `"use node"` actions (node-process.ts); it loads each module when first called. */
  private startProcess(): { thread: WorkerThread; syncPort: null; clock: SharedArrayBuffer; signal: SharedArrayBuffer } {
    const init: NodeProcessInit = {
      type: "init",
      data: { runtime: "node", env: this.settings.environment(), loadedAt: this.loadedAt, preload: [] },
    };
    return {
      thread: startNodeProcess({ init, memoryMb: this.limits.nodeMemoryMb }),
      syncPort: null,
      // Never written: the watchdog reads them as "nothing running" and watches the process by its pings.
      clock: new SharedArrayBuffer(CLOCK_SLOTS * Float64Array.BYTES_PER_ELEMENT),
      signal: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
    };
  }

  private spawn(group: Group): FunctionWorker {
    const { thread, syncPort, clock, signal } = group === "node" ? this.startProcess() : this.startThread(group);
    let ready = () => {};
    const worker: FunctionWorker = {
      thread,
      group,
      isReady: false,
      ready: new Promise<void>((resolve) => (ready = resolve)),
      clock: new Float64Array(clock),
      signal: new Int32Array(signal),
      syncPort,
      calls: new Map(),
      claims: 0,
      unanswered: new Map(),
      dead: false,
      lastHeard: wallNow(),
      lastPinged: 0,
    };
    this.pools[group].add(worker);
    thread.on("message", (message: FromWorker) => {
      worker.lastHeard = wallNow();
      if (message.type === "ready") {
        worker.isReady = true;
        ready();
        if (group === "transactions") this.dispatch();
      } else this.serve(worker, message);
    });
    const memoryMb = group === "node" ? this.limits.nodeMemoryMb : 64;
    thread.on("error", (error: Error & { code?: string }) => {
      this.kill(worker, error.code === "ERR_WORKER_OUT_OF_MEMORY" ? outOfMemoryError(memoryMb) : error);
    });
    thread.on("exit", () => {
      ready();
      this.kill(worker, new Error("local backend: the function's worker stopped"));
    });
    return worker;
  }

  /** Whether the worker is stuck in one long turn of JavaScript (or, for actions, has not answered a ping). */
  private isBusy(worker: FunctionWorker): boolean {
    const since = worker.clock[CLOCK_RUNNING_SINCE]!;
    if (since > 0 && wallNow() - since > BUSY_TURN_MS) return true;
    return worker.lastPinged > worker.lastHeard && wallNow() - worker.lastPinged > PING_MS;
  }

  /** The call blamed for what the worker is doing now (the one whose JavaScript runs) and the calls that made it. */
  private blamed(worker: FunctionWorker): Set<number> {
    const blamed = new Set<number>();
    for (let id: number | null = worker.clock[CLOCK_CALL]!; id !== null && worker.calls.has(id); id = worker.calls.get(id)!.parent)
      blamed.add(id);
    return blamed;
  }

  /** Moves the queries and mutations waiting behind a busy worker's running call to another worker (they run again). */
  private moveWaitingCalls(worker: FunctionWorker): void {
    const blamed = this.blamed(worker);
    for (const call of [...worker.calls.values()]) {
      if (!blamed.has(call.id) && (call.kind === "query" || call.kind === "mutation")) this.abandon(call, ranBeside());
    }
  }

  /** Answers a call with `error` and forgets it (what it still sends is ignored). */
  private abandon(call: HostCall, error: Error): void {
    if (call.worker.calls.get(call.id) !== call) return;
    this.forget(call);
    call.reject(error);
  }

  /**
   * Ends a worker: the call it blames (the one whose JavaScript was running, with the calls
   * that made it) fails with `error`; a query or mutation that only ran beside it is run again
   * (a retry, as after a write conflict); an action beside it fails.
   */
  private kill(worker: FunctionWorker, error: Error): void {
    if (worker.dead) return;
    worker.dead = true;
    this.pools[worker.group].delete(worker);
    void worker.thread.terminate();
    worker.syncPort?.close();
    const blamed = this.blamed(worker);
    for (const call of [...worker.calls.values()]) {
      if (blamed.has(call.id) || blamed.size === 0) this.abandon(call, error);
      else if (call.kind === "query" || call.kind === "mutation") this.abandon(call, ranBeside());
      else this.abandon(call, new Error(`${error.message} (in a function running beside this action, in the same worker)`));
    }
  }

  private startWatchdog(): void {
    if (this.watchdog !== null) return;
    this.watchdog = setInterval(() => this.checkWorkers(), WATCHDOG_MS);
    this.watchdog.unref();
  }

  /**
   * Ends the workers whose running query or mutation went over its time, and those that have
   * not answered for an action's whole time limit (an action stuck in a loop); pings the others.
   */
  private checkWorkers(): void {
    let busy = false;
    const now = wallNow();
    for (const pool of Object.values(this.pools)) {
      for (const worker of pool) {
        if (worker.calls.size === 0) continue;
        busy = true;
        const since = worker.clock[CLOCK_RUNNING_SINCE]!;
        const limit = worker.clock[CLOCK_LIMIT]!;
        if (since > 0 && limit > 0 && worker.clock[CLOCK_SPENT]! + (now - since) > limit) this.kill(worker, timedOutError(limit));
        else if (since > 0 && now - since > BUSY_TURN_MS && worker.calls.size > 1) this.moveWaitingCalls(worker);
        else if (worker.lastPinged > worker.lastHeard) {
          // A ping unanswered for an action's whole time: stuck in a loop.
          if (now - worker.lastPinged > this.limits.actionMs) this.kill(worker, timedOutError(this.limits.actionMs));
        } else if (now - worker.lastPinged >= PING_MS) {
          worker.lastPinged = now;
          worker.thread.postMessage({ type: "ping" });
        }
      }
    }
    if (this.waiting.length > 0) {
      busy = true;
      this.dispatch();
    }
    if (!busy && this.watchdog !== null) {
      clearInterval(this.watchdog);
      this.watchdog = null;
    }
  }

  private serve(worker: FunctionWorker, message: FromWorker): void {
    if (message.type === "ready" || message.type === "pong") return;
    const call = worker.calls.get(message.call);
    if (call === undefined) return this.refuseForgotten(worker, message);
    const inCall = <T>(work: () => T): T => call.resume(() => this.current.run(call, work));
    switch (message.type) {
      case "syscall":
        if (message.sync) return this.serveSync(worker, inCall, message);
        return this.reply(worker, message.id, () => inCall(() => this.serveAsyncSyscall(call, message.op, message.args)));
      case "jsSyscall":
        return this.reply(worker, message.id, () => inCall(() => convexSyscalls().jsSyscall(message.op, message.args)));
      case "log":
        return void inCall(() => console[message.level](...message.args));
      case "done":
        this.forget(call);
        if (message.ok) call.resolve(message);
        else call.reject(errorFromWorker(message.error));
        return;
    }
  }

  private async serveAsyncSyscall(call: HostCall, op: string, args: string): Promise<unknown> {
    const method = ACTION_CALLS[op];
    if (method === undefined) return convexSyscalls().asyncSyscall(op, args);
    const request = JSON.parse(args) as Record<string, unknown> & { args: JSONValue };
    this.checkCallFromAction(call, request);
    // By name: the syscall itself, which the database runs as its own transaction, retried on a conflict as on Convex.
    if (typeof request.name === "string") return convexSyscalls().asyncSyscall(op, args);
    const run = call.ctx[method] as (reference: unknown, args: unknown) => Promise<Value>;
    return JSON.stringify(convexToJson(await run(referenceOf(request), jsonToConvex(request.args))));
  }

  /**
   * An action's `runQuery`/`runMutation`/`runAction` is checked as a client's call is: its
   * arguments' size, then (by name, from the app) its validator in Convex's words.
   */
  private checkCallFromAction(call: HostCall, request: { args: JSONValue; name?: unknown; functionHandle?: unknown }): void {
    const name = typeof request.name === "string" ? request.name : null;
    const handled = typeof request.functionHandle === "string" ? request.functionHandle.split(";")[1] : undefined;
    const args = jsonToConvex(request.args);
    const tooLarge = argumentsTooLarge(name ?? handled ?? "function", args);
    if (tooLarge !== null) throw new Error(tooLarge);
    if (name !== null && call.target !== undefined) this.settings.checkCall?.(call.target.file, name, args);
  }

  private reply(worker: FunctionWorker, id: number, work: () => Promise<unknown>): void {
    worker.unanswered.set(id, wallNow());
    const send = (reply: Reply) => {
      worker.unanswered.delete(id);
      if (!worker.dead) worker.thread.postMessage(reply);
    };
    work().then(
      (value) => send({ type: "reply", id, ok: true, value }),
      (error: unknown) => send({ type: "reply", id, ok: false, error: serializeError(error) }),
    );
  }

  /** A call already answered (moved to another worker, or past its time) asks on: it gets an error, so it ends. */
  private refuseForgotten(worker: FunctionWorker, message: Exclude<FromWorker, { type: "ready" | "pong" }>): void {
    const error = serializeError(new Error("local backend: this call was already answered"));
    if (message.type === "syscall" && message.sync) return this.answerSync(worker, { type: "reply", id: message.id, ok: false, error });
    if (message.type === "syscall" || message.type === "jsSyscall")
      worker.thread.postMessage({ type: "reply", id: message.id, ok: false, error });
  }

  private serveSync(
    worker: FunctionWorker,
    inCall: <T>(work: () => T) => T,
    { id, op, args }: { id: number; op: string; args: string },
  ): void {
    let reply: Reply;
    try {
      reply = { type: "reply", id, ok: true, value: inCall(() => convexSyscalls().syscall(op, args)) };
    } catch (error) {
      reply = { type: "reply", id, ok: false, error: serializeError(error) };
    }
    this.answerSync(worker, reply);
  }

  private answerSync(worker: FunctionWorker, reply: Reply): void {
    worker.syncPort?.postMessage(reply);
    Atomics.store(worker.signal, 0, 1);
    Atomics.notify(worker.signal, 0);
  }

  /** Stops every worker (the code is no longer served); calls still running fail. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.watchdog !== null) clearInterval(this.watchdog);
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error("local backend: this code is no longer served"));
    for (const pool of Object.values(this.pools)) {
      for (const worker of [...pool]) this.kill(worker, new Error("local backend: this code is no longer served"));
    }
  }
}

/** How many of the worker's syscalls have waited for the backend's answer longer than `LEND_AFTER_MS`. */
function waitingLong(worker: FunctionWorker): number {
  const now = wallNow();
  let count = 0;
  for (const since of worker.unanswered.values()) if (now - since > LEND_AFTER_MS) count += 1;
  return count;
}

/** Refuses a `"use node"` action's arguments past Convex's 5 MiB for them. */
function checkNodeArgumentsSize(target: FunctionTarget, args: Value): void {
  const tooLarge = argumentsTooLarge(target.udfPath ?? target.exportName, args, "nodeArgumentsBytes");
  if (tooLarge !== null) throw new Error(tooLarge);
}
