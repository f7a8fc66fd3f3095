/**
 * Every function execution — clients' calls, scheduled jobs, crons, HTTP actions — with what
 * it logged, how long it took and its error, as a deployment keeps them for `npx convex logs`
 * (`GET /api/stream_function_logs?cursor=<ms>`). The latest 10,000 (up to 11,000) are kept in memory.
 */
import { captureLogLines } from "./console-capture.ts";
import { executionUsage, type UsageStats } from "./execution-usage.ts";
import { noteLimitError } from "../limits/usage-peaks.ts";
import { limitCodeOf } from "../../database/limits/knobs.ts";

export type UdfType = "Query" | "Mutation" | "Action" | "HttpAction";

/** The fields of Convex's FunctionExecution "Completion" that the CLI reads. */
export type FunctionExecution = {
  kind: "Completion";
  identifier: string;
  udfType: UdfType;
  componentPath: string | null;
  /** When it finished, in seconds. */
  timestamp: number;
  logLines: string[];
  /** In seconds. */
  executionTime: number;
  error: string | null;
  cachedResult: boolean;
  requestId: string;
  executionId: string;
  /** What its queries and mutations read and wrote (Convex's log streams carry such figures as `usageStats`). */
  usageStats: UsageStats;
};

const KEPT = 10_000;
const TRIM_STEP = 1_000;
/** A poll with nothing new is answered after this long (the CLI polls again), well inside its 300 s timeout. */
export const POLL_WAIT_MS = 20_000;

class FunctionLog {
  private entries: FunctionExecution[] = [];
  private waiters = new Set<() => void>();
  private lastTimestampMs = 0;
  private executions = 0;

  record(entry: Omit<FunctionExecution, "kind" | "timestamp" | "cachedResult" | "requestId" | "executionId">): void {
    // Strictly increasing, so a cursor (the last timestamp seen) never skips or repeats one.
    const timestampMs = Math.max(Date.now(), this.lastTimestampMs + 0.001);
    this.lastTimestampMs = timestampMs;
    this.executions += 1;
    const id = String(this.executions);
    this.entries.push({ kind: "Completion", ...entry, timestamp: timestampMs / 1000, cachedResult: false, requestId: id, executionId: id });
    // Trimmed TRIM_STEP at a time: one splice per record would move all 10,000 entries each time.
    if (this.entries.length >= KEPT + TRIM_STEP) this.entries.splice(0, this.entries.length - KEPT);
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Entries after `cursorMs`; waits up to `waitMs` for one when there is none yet. */
  async since(cursorMs: number, waitMs: number, closed: Promise<void>): Promise<{ entries: FunctionExecution[]; newCursor: number }> {
    const newer = () => this.entries.filter((entry) => entry.timestamp * 1000 > cursorMs);
    let found = newer();
    if (found.length === 0) {
      let wake = () => {};
      const woken = new Promise<void>((resolve) => (wake = resolve));
      this.waiters.add(wake);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([woken, closed, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
      this.waiters.delete(wake);
      found = newer();
    }
    const last = found.at(-1);
    return { entries: found, newCursor: last === undefined ? cursorMs : last.timestamp * 1000 };
  }

  clear(): void {
    this.entries = [];
  }
}

/** One per process, like the backend (convex/ reads process.env). */
export const functionLog = new FunctionLog();

/**
 * Runs `work` as one execution of `identifier`, collecting what it logs into `logLines`
 * (given, so a caller that answers with them sees the same lines) and recording it.
 */
export async function recordExecution<T>(
  identifier: string,
  udfType: UdfType,
  componentPath: string,
  work: () => Promise<T>,
  logLines: string[] = [],
): Promise<T> {
  const started = performance.now();
  const usage = executionUsage(identifier);
  let error: string | null = null;
  try {
    return await captureLogLines(logLines, () => usage.run(work));
  } catch (thrown) {
    error = thrown instanceof Error ? `Uncaught ${thrown.name}: ${thrown.message}` : `Uncaught ${String(thrown)}`;
    const limit = thrown instanceof Error ? limitCodeOf(thrown.message) : null;
    if (limit !== null) noteLimitError(limit);
    throw thrown;
  } finally {
    functionLog.record({
      identifier,
      udfType,
      componentPath: componentPath === "" ? null : componentPath,
      logLines: [...logLines],
      executionTime: (performance.now() - started) / 1000,
      error,
      usageStats: usage.stats(),
    });
  }
}
