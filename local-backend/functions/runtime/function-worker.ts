/**
 * A function worker: a thread that holds one load of the app's code and runs its functions,
 * one top-level call at a time (with the calls that call makes), as a Convex isolate does. It
 * sees no Node modules' state: `process` is just `{ env }` with the deployment's variables;
 * packages resolve as Convex's bundler resolves them (browser builds); queries and mutations
 * get a frozen `Date`, a seeded
 * `Math.random` and no timers or `fetch`. The database is not here: `globalThis.Convex`'s
 * syscalls (what `ctx.db`, `ctx.scheduler`, `ctx.storage` are built on) go to the backend as
 * messages (protocol.ts), synchronous ones by waiting on a shared flag.
 *
 * The worker keeps the shared clock (protocol.ts) up to date: running a call's JavaScript, or
 * waiting for the backend. The backend's watchdog ends the thread when a call overruns.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { pathToFileURL } from "node:url";
import { receiveMessageOnPort, threadId, type MessagePort } from "node:worker_threads";
import { actionGeneric, httpActionGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { register } from "tsx/esm/api";
import { frozenDate, seededMath } from "./runtime-rules.ts";
import { installConvexSyscalls } from "./convex-syscalls.ts";
import {
  CLOCK_CALL,
  CLOCK_LIMIT,
  CLOCK_RUNNING_SINCE,
  CLOCK_SPENT,
  type FromWorker,
  type HttpMessage,
  type Reply,
  type SerializedError,
  type StartCall,
  type ToWorker,
} from "./protocol.ts";
import { connectToBackend } from "./worker-channel.ts";

export type { WorkerData } from "./worker-channel.ts";

const channel = await connectToBackend();
const data = channel.data;
const signal = new Int32Array(data.signal);
const clock = new Float64Array(data.clock);
const timeOrigin = performance.timeOrigin;
const performanceNow = performance.now.bind(performance);
const wallNow = () => timeOrigin + performanceNow();
const RealDate = Date;
const RealMath = Math;
const realTimers = { setTimeout, clearTimeout, setInterval, clearInterval, fetch };
const loader = register({ namespace: `apoie-function-worker-${threadId}` });

type Budget = { spent: number; limit: number };
/** `globals`: what a query or mutation sees instead of the real `Date`, `Math`, timers and `fetch` (null: an action). */
type Call = { id: number; budget: Budget | null; now: number | null; globals: Record<string, unknown> | null };
const calls = new Map<number, Call>();
const currentCall = new AsyncLocalStorage<Call>();
const realSetImmediate = setImmediate;

/**
 * The JavaScript time of queries and mutations. Their code runs when something wakes the
 * thread (a call starts, the backend answers a syscall, a module finishes loading) and until
 * the thread has nothing left to do, which a `setImmediate` queued at the wake-up sees. A call
 * waiting for the backend, or for a module to load, is not running. Actions are not watched
 * here (their limit is their whole run).
 */
let turn: { budget: Budget; since: number } | null = null;
let idleCheckQueued = false;

/** `call`'s JavaScript runs from now until the thread is idle again (or another call's turn starts). */
function resume(call: Call): void {
  if (call.budget === null) {
    clock[CLOCK_CALL] = call.id;
    return pause();
  }
  if (turn?.budget === call.budget) return;
  pause();
  turn = { budget: call.budget, since: wallNow() };
  clock[CLOCK_SPENT] = call.budget.spent;
  clock[CLOCK_LIMIT] = call.budget.limit;
  clock[CLOCK_CALL] = call.id;
  clock[CLOCK_RUNNING_SINCE] = turn.since;
  if (idleCheckQueued) return;
  idleCheckQueued = true;
  realSetImmediate(() => {
    idleCheckQueued = false;
    pause();
  });
}

/** Nothing runs for the call being timed: its time stops. */
function pause(): void {
  if (turn === null) return;
  turn.budget.spent += wallNow() - turn.since;
  turn = null;
  clock[CLOCK_RUNNING_SINCE] = 0;
}

function callInProgress(): Call {
  const call = currentCall.getStore();
  if (call === undefined) throw new Error("Convex's syscalls are only available while a function runs");
  return call;
}

function errorFrom(serialized: SerializedError): Error {
  const error = new Error(serialized.message) as Error & { data?: unknown };
  error.name = serialized.name;
  if (serialized.stack !== undefined) error.stack = serialized.stack;
  // performAsyncSyscall turns an error with `data` into the app's own ConvexError.
  if (serialized.data !== undefined) error.data = JSON.parse(serialized.data) as unknown;
  return error;
}

let nextRequest = 0;
/** How often a thread waiting for a synchronous answer looks at its port again, in case the flag was raised before the answer arrived. */
const SYNC_RECHECK_MS = 50;
const pending = new Map<number, { call: Call; resolve: (value: unknown) => void; reject: (error: Error) => void }>();

function post(message: FromWorker): void {
  channel.post(message);
}

function request(
  message: { type: "syscall"; op: string; args: string } | { type: "jsSyscall"; op: string; args: Record<string, unknown> },
) {
  const call = callInProgress();
  const id = ++nextRequest;
  post(message.type === "syscall" ? { ...message, id, call: call.id, sync: false } : { ...message, id, call: call.id });
  return new Promise<unknown>((resolve, reject) => pending.set(id, { call, resolve, reject }));
}

/** A synchronous syscall (`1.0/queryStream`, `1.0/db/normalizeId`, …): waits on the shared flag for the answer. */
function syncSyscall(op: string, args: string): string {
  const call = callInProgress();
  if (data.syncPort === undefined) throw new Error(`local backend: \`${op}\` is not available in a Node.js action`);
  pause();
  const id = ++nextRequest;
  Atomics.store(signal, 0, 0);
  post({ type: "syscall", id, call: call.id, sync: true, op, args });
  const reply = awaitSyncReply(data.syncPort, id);
  resume(call);
  if (!reply.ok) throw errorFrom(reply.error);
  return reply.value as string;
}

/**
 * Blocks until the backend's answer to synchronous request `id` is on `port`. The flag says
 * one was sent; the answer itself is read off the port, checked to be this request's.
 */
function awaitSyncReply(port: MessagePort, id: number): Reply {
  for (;;) {
    Atomics.wait(signal, 0, 0, SYNC_RECHECK_MS);
    for (let message = receiveMessageOnPort(port); message !== undefined; message = receiveMessageOnPort(port)) {
      const reply = message.message as Reply;
      // An answer to an earlier request (one whose call was abandoned meanwhile) is dropped.
      if (reply.id === id) return reply;
    }
    // Not answered yet (the flag raised before the answer reached the port): wait for the next raise, looking again now and then.
    Atomics.store(signal, 0, 0);
  }
}

installConvexSyscalls({
  syscall: syncSyscall,
  asyncSyscall: (op: string, args: string) => request({ type: "syscall", op, args }) as Promise<string>,
  jsSyscall: (op: string, args: Record<string, unknown>) => request({ type: "jsSyscall", op, args }),
});

const modules = new Map<string, Promise<Record<string, unknown>>>();

/** Imports a module once, with module-level code seeing the load time as `Date`. */
function moduleOf(file: string): Promise<Record<string, unknown>> {
  let loaded = modules.get(file);
  if (loaded === undefined) {
    loading += 1;
    loaded = (loader.import(pathToFileURL(file).href, import.meta.url) as Promise<Record<string, unknown>>).finally(() => (loading -= 1));
    modules.set(file, loaded);
  }
  return loaded;
}

type Handler = (ctx: Record<string, unknown>, ...args: unknown[]) => unknown;
type Router = { lookup: (path: string, method: string) => [Record<string, unknown>, ...unknown[]] | null };

/** The handler to run; loading its module (the first time) is not the call's own time. */
async function handlerOf({ file, exportName, route }: StartCall["target"]): Promise<Handler> {
  pause();
  const exports = await moduleOf(file);
  const fn = route === undefined ? exports[exportName] : (exports.default as Router).lookup(route.path, route.method)?.[0];
  const handler = (fn as { _handler?: unknown } | undefined)?._handler ?? fn;
  if (typeof handler !== "function") throw new Error(`local backend: ${file} no longer exports ${exportName} as a function`);
  return handler as Handler;
}

function disallowed(name: string) {
  return () => {
    throw new Error(
      `\`${name}\` is not supported in Convex queries or mutations. Move this code to an action; ` +
        "a mutation can start one with `ctx.scheduler.runAfter(0, ...)`.",
    );
  };
}

/** A query's or mutation's globals: frozen clock, seeded random, no timers or `fetch`. */
function transactionGlobals(now: number, seed: number[] | null): Record<string, unknown> {
  return {
    Date: frozenDate(RealDate, now),
    ...(seed === null ? {} : { Math: seededMath(RealMath, seed) }),
    ...Object.fromEntries(Object.keys(realTimers).map((name) => [name, disallowed(name)])),
  };
}

/** Modules being evaluated: module-level code sees the clock stopped at the load time. */
let loading = 0;
const loadGlobals = { Date: frozenDate(RealDate, data.loadedAt) } as Record<string, unknown>;

/**
 * `Date`, `Math`, the timers and `fetch` become accessors that give each call its own (actions
 * running beside a query in one worker keep the real ones); an assignment replaces the default.
 */
function installCallGlobals(): void {
  const defaults: Record<string, unknown> = { Date: RealDate, Math: RealMath, ...realTimers };
  for (const name of Object.keys(defaults)) {
    Object.defineProperty(globalThis, name, {
      get: () => {
        const own = loading > 0 ? loadGlobals : currentCall.getStore()?.globals;
        return own !== undefined && own !== null && name in own ? own[name] : defaults[name];
      },
      set: (value: unknown) => void (defaults[name] = value),
      configurable: true,
    });
  }
}

function toRequest(message: HttpMessage): Request {
  return new Request(message.url!, { method: message.method, headers: message.headers, body: message.body });
}

async function fromResponse(response: Response): Promise<HttpMessage> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: response.body === null ? null : await response.arrayBuffer(),
  };
}

/** What convex/server's registered functions carry besides their types: how the runtime invokes them. */
type Invocable = {
  invokeQuery: (args: string) => Promise<string>;
  invokeMutation: (args: string) => Promise<string>;
  invokeAction: (requestId: string, args: string) => Promise<string>;
  invokeHttpAction: (request: Request) => Promise<Response>;
};

/**
 * Runs the handler the way Convex's runtime does: convex/server builds the `ctx` (on the
 * syscalls above) around it; only `ctx.auth` is the identity the backend verified.
 */
async function invoke(message: StartCall): Promise<{ value: string; response?: HttpMessage }> {
  const handler = await handlerOf(message.target);
  // The handler starts now, synchronously: one module load wakes every call that waited for it.
  resume(callInProgress());
  const auth = { getUserIdentity: async () => message.identity };
  const run = (ctx: object, ...args: unknown[]) => handler({ ...ctx, auth }, ...args);
  switch (message.kind) {
    case "query":
      return { value: await (queryGeneric({ handler: run }) as unknown as Invocable).invokeQuery(message.args) };
    case "mutation":
      return { value: await (mutationGeneric({ handler: run }) as unknown as Invocable).invokeMutation(message.args) };
    case "action":
      return { value: await (actionGeneric({ handler: run }) as unknown as Invocable).invokeAction(String(message.call), message.args) };
    case "httpAction": {
      const action = httpActionGeneric(run as (ctx: object, request: Request) => Promise<Response>) as unknown as Invocable;
      const response = await action.invokeHttpAction(toRequest(message.request!));
      return { value: "null", response: await fromResponse(response) };
    }
  }
}

function serializeError(thrown: unknown): SerializedError {
  if (typeof thrown !== "object" || thrown === null) return { name: "Error", message: String(thrown) };
  const error = thrown as { name?: unknown; message?: unknown; stack?: unknown; data?: unknown };
  return {
    name: typeof error.name === "string" ? error.name : "Error",
    message: typeof error.message === "string" ? error.message : String(thrown),
    ...(typeof error.stack === "string" ? { stack: error.stack } : {}),
    // invokeFunction has already turned a ConvexError's data into JSON text.
    ...(Symbol.for("ConvexError") in error && typeof error.data === "string" ? { data: error.data } : {}),
  };
}

async function startCall(message: StartCall): Promise<void> {
  const parent = message.parent === null ? undefined : calls.get(message.parent);
  const transactional = message.kind === "query" || message.kind === "mutation";
  // A call inside a query or mutation (a component's function) shares its time, clock and seed.
  const inherited = transactional && parent?.budget ? parent : null;
  const call: Call = {
    id: message.call,
    budget: transactional ? (inherited?.budget ?? { spent: 0, limit: message.timeLimitMs }) : null,
    now: inherited?.now ?? message.now,
    globals: inherited?.globals ?? (transactional && message.now !== null ? transactionGlobals(message.now, message.seed) : null),
  };
  calls.set(call.id, call);
  resume(call);
  try {
    const { value, response } = await currentCall.run(call, () => invoke(message));
    pause();
    post({ type: "done", call: call.id, ok: true, value, ...(response === undefined ? {} : { response }) });
  } catch (error) {
    pause();
    post({ type: "done", call: call.id, ok: false, error: serializeError(error) });
  } finally {
    calls.delete(call.id);
  }
}

channel.onMessage((message: ToWorker) => {
  if (message.type === "ping") return post({ type: "pong" });
  if (message.type === "call") return void startCall(message);
  const waiting = pending.get(message.id);
  if (waiting === undefined) return;
  pending.delete(message.id);
  resume(waiting.call);
  if (message.ok) waiting.resolve(message.value);
  else waiting.reject(errorFrom(message.error));
});

/** What a function logs goes to the backend, which files it under the call (Convex's logLines). */
function forwardConsole(): Console {
  const forward =
    (level: "log" | "info" | "warn" | "error" | "debug") =>
    (...args: unknown[]) => {
      const call = currentCall.getStore();
      if (call === undefined) return;
      let cloned: unknown[];
      try {
        cloned = structuredClone(args);
      } catch {
        cloned = args.map((arg) => (typeof arg === "object" && arg !== null ? String(arg) : arg));
      }
      post({ type: "log", call: call.id, level, args: cloned });
    };
  const log = forward("log");
  return {
    ...console,
    log,
    info: forward("info"),
    warn: forward("warn"),
    error: forward("error"),
    debug: forward("debug"),
    trace: log,
  } as Console;
}

/**
 * Convex's globals only: `process` holds the deployment's variables and nothing else. Node's
 * own `fetch`, `Request` and `Response` read `global`, `Buffer` and `setImmediate` as globals
 * when they run, so those stay.
 */
function restrictGlobals(): void {
  installCallGlobals();
  Object.defineProperty(globalThis, "process", { value: { env: { ...data.env } }, configurable: true, writable: true });
  (globalThis as Record<string, unknown>).console = forwardConsole();
}

// A Node action's process is Node.js as it is (its environment already the deployment's variables).
if (data.runtime === "isolate") restrictGlobals();
else globalThis.console = forwardConsole();
for (const file of data.preload) await moduleOf(file).catch(() => {});
post({ type: "ready" });
