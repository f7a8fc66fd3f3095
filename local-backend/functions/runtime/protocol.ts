/**
 * The messages between the backend and a function worker (function-host.ts, function-worker.ts).
 * The worker holds the app's code and runs it; everything else (the database and its
 * transactions, the scheduler, files, auth) stays with the backend and is reached only through
 * these messages, as Convex's isolates reach the database through syscalls: values cross as
 * JSON text or structured clones, never as shared objects.
 */

export type CallKind = "query" | "mutation" | "action" | "httpAction";

/** Which function: a module file (as the backend loaded it) and the export, or an HTTP route of its router. */
export type FunctionTarget = {
  file: string;
  exportName: string;
  /** "module:export", as Convex names it in its errors. */
  udfPath?: string;
  route?: { path: string; method: string };
};

/** An HTTP request or response as it crosses (the body whole). */
export type HttpMessage = {
  url?: string;
  method?: string;
  status?: number;
  statusText?: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
};

/** backend → worker: start a call. */
export type StartCall = {
  type: "call";
  call: number;
  /** The call whose syscall started this one (a component's function, an action's runMutation), or null. */
  parent: number | null;
  kind: CallKind;
  target: FunctionTarget;
  /** The arguments, as `convexToJson` text. */
  args: string;
  identity: unknown;
  /** The call's frozen clock (ms) and `Math.random` seed; null for actions, which see real ones. */
  now: number | null;
  seed: number[] | null;
  /** Its own JavaScript's time limit in ms (0: none, actions); a call inside a query or mutation shares its caller's. */
  timeLimitMs: number;
  request?: HttpMessage;
};

/** backend → worker: the answer to a syscall or ctx request. */
export type Reply =
  { type: "reply"; id: number; ok: true; value: unknown } | { type: "reply"; id: number; ok: false; error: SerializedError };

/** backend → worker: are you responsive? (answered with a pong between calls' turns). */
export type Ping = { type: "ping" };

export type ToWorker = StartCall | Reply | Ping;

export type SerializedError = { name: string; message: string; stack?: string; data?: string };

/** worker → backend. */
export type FromWorker =
  | { type: "ready" }
  | { type: "syscall"; id: number; call: number; sync: boolean; op: string; args: string }
  | { type: "jsSyscall"; id: number; call: number; op: string; args: Record<string, unknown> }
  | { type: "pong" }
  | { type: "log"; call: number; level: "log" | "info" | "warn" | "error" | "debug"; args: unknown[] }
  | { type: "done"; call: number; ok: true; value: string; response?: HttpMessage }
  | { type: "done"; call: number; ok: false; error: SerializedError };

/**
 * Shared clock slots (a Float64Array over a SharedArrayBuffer), written by the worker, read by
 * the backend's watchdog: when the worker started running a query's or mutation's JavaScript
 * (0 while nothing of one runs), the time that call had already spent, its limit, and which
 * call it is (the one a timeout, or running out of memory, is blamed on).
 */
export const CLOCK_RUNNING_SINCE = 0;
export const CLOCK_SPENT = 1;
export const CLOCK_LIMIT = 2;
export const CLOCK_CALL = 3;
export const CLOCK_SLOTS = 4;
