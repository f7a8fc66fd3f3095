/**
 * Convex's optimistic concurrency control, the part that follows a conflict: a mutation whose
 * reads another commit changed while it ran is run again, up to 4 times, after a pause drawn
 * between 0 and 100 ms, 200, 400, 800 ms ("full jitter", capped at 2 s), and then fails with
 * Convex's own message. The numbers are Convex's knobs (`UDF_EXECUTOR_OCC_MAX_RETRIES`,
 * `UDF_EXECUTOR_OCC_INITIAL_BACKOFF`, `UDF_EXECUTOR_OCC_MAX_BACKOFF`) and its `Backoff::fail`:
 * the spread pause is what lets contending mutations commit one after another.
 */

/** How many times a conflicting transaction runs again before it fails (Convex's default). */
export const MAX_CONFLICT_RETRIES = 4;
const FIRST_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 2_000;
// Taken at load: inside a function convex-test may replace the timer globals.
const { setTimeout } = globalThis;

/** What a conflict touched: the table and document written, by which function, through which read. */
export type ConflictDetail = { table: string | null; id: string | null; writer: string | null; read: string | null };

/** A commit refused because a commit since the transaction began wrote something it read. */
export class WriteConflict extends Error {
  constructor(
    /** The function whose commit was refused, when known. */
    readonly functionName: string | null,
    readonly detail: ConflictDetail,
  ) {
    super(`write conflict${detail.table === null ? "" : ` on table "${detail.table}"`}`);
  }

  /** Convex's message for a mutation that conflicted on every retry. */
  finalMessage(): string {
    const { table, id, writer } = this.detail;
    const where = table === null ? "some table" : `the "${table}" table`;
    let changedBy = "";
    if (id !== null && writer !== null) {
      const who = writer === this.functionName ? "Another call to this mutation" : `A call to "${writer}"`;
      changedBy = ` ${who} changed the document with ID "${id}".`;
    }
    return (
      `Documents read from or written to ${where} changed while this mutation was being run and on every subsequent retry.` +
      `${changedBy} See https://docs.convex.dev/error#1`
    );
  }
}

/** The error a mutation fails with after its last retry; its message is Convex's. */
export class WriteConflictFailure extends Error {
  constructor(readonly conflict: WriteConflict) {
    super(conflict.finalMessage());
    this.name = "WriteConflictFailure";
  }
}

/** Told of each conflict: `retried` false for the last one, which fails the mutation. */
export type ConflictListener = (conflict: WriteConflict, retried: boolean) => void;

/** The pause before retry `retry` (0 first): uniform below the doubling ceiling, as Convex draws it. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** retry, MAX_BACKOFF_MS) * random();
}

/**
 * One run of a transaction. A conflict found at a read reaches the function as a plain Error
 * (Convex's syscall layer rethrows errors as its own), and the function may even catch it;
 * the attempt keeps it, so the failure is still known for a conflict.
 */
export type Attempt = { conflict: WriteConflict | null };

/** Runs `attempt` until it commits without a write conflict, at most 1 + MAX_CONFLICT_RETRIES times. */
export async function withConflictRetries<T>(run: (attempt: Attempt) => Promise<T>, listeners: Iterable<ConflictListener>): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    const attempt: Attempt = { conflict: null };
    try {
      return await run(attempt);
    } catch (error) {
      const conflict = error instanceof WriteConflict ? error : attempt.conflict;
      if (conflict === null) throw error;
      const retried = retry < MAX_CONFLICT_RETRIES;
      for (const listener of listeners) listener(conflict, retried);
      if (!retried) throw new WriteConflictFailure(conflict);
      await new Promise((resolve) => setTimeout(resolve, backoffMs(retry)));
    }
  }
}
