/**
 * The runtime's own limits, Convex's numbers and words (crates/common/src/knobs.rs,
 * crates/isolate/src/termination.rs in get-convex/convex-backend): 1 s of a query's or
 * mutation's own JavaScript (`DATABASE_UDF_USER_TIMEOUT`), 10 minutes for an action, 64 MB of
 * memory per isolate, 512 MB for a `"use node"` action (the Limits page's Node.js runtime). Here a function worker's heap also holds the app's code, so its limit is
 * that code's size plus Convex's 64 MB. The worker counts are this backend's own: each worker
 * runs many calls side by side (they mostly wait for the database), and another starts when
 * those are many.
 */
export type RuntimeLimits = {
  /** A query's or mutation's own JavaScript, in ms (database time not counted). */
  transactionMs: number;
  /** An action's or HTTP action's whole run, in ms. */
  actionMs: number;
  /** A worker's heap (old generation), in MB: the loaded code plus Convex's 64 MB. */
  memoryMb: number;
  /** A `"use node"` actions' process's heap, in MB. */
  nodeMemoryMb: number;
  /** At most this many workers for queries and mutations. */
  transactionWorkers: number;
  /** At most this many workers for actions and HTTP actions, and as many processes for `"use node"` actions. */
  actionWorkers: number;
  /** For tests: every query and mutation draws `Math.random()` from this seed (four 32-bit numbers). */
  randomSeed?: number[];
};

export const DEFAULT_RUNTIME_LIMITS: RuntimeLimits = {
  transactionMs: 1000,
  actionMs: 10 * 60 * 1000,
  memoryMb: 256,
  nodeMemoryMb: 512,
  transactionWorkers: 2,
  actionWorkers: 2,
};

/** Rust's `Debug` of a Duration, as Convex's message prints it: "1s", "600s", "250ms", "1.5s". */
function duration(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`;
}

export function timedOutError(limitMs: number): Error {
  return new Error(`Function execution timed out (maximum duration: ${duration(limitMs)})`);
}

export function outOfMemoryError(limitMb = 64): Error {
  return new Error(`JavaScript execution ran out of memory (maximum memory usage: ${limitMb} MB)`);
}
