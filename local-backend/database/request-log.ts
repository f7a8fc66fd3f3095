/**
 * Exactly-once mutations: the results of recent mutations by "session id|request id", oldest
 * first. The Convex client resends a mutation whose answer it did not get, with the same ids;
 * the engine answers it from here instead of running it again.
 */
import type { JSONValue } from "convex/values";

/** How many mutation results are kept for resent requests (the client resends only unanswered ones). */
const REMEMBERED_REQUESTS = 10_000;

/** A mutation's result and commit timestamp, and the commit to wait on before answering (0: already saved). */
export type RequestRecord = { value: JSONValue; ts: bigint; commit: number };

/** In the saved state: [key, result, commit timestamp]. */
export type SavedRequest = [string, JSONValue, string];

export class RequestLog {
  private records = new Map<string, RequestRecord>();

  get(key: string): RequestRecord | undefined {
    return this.records.get(key);
  }

  remember(key: string, record: RequestRecord): void {
    this.records.set(key, record);
    if (this.records.size > REMEMBERED_REQUESTS) this.records.delete(this.records.keys().next().value!);
  }

  forget(key: string): void {
    this.records.delete(key);
  }

  saved(keys: Iterable<string> = this.records.keys()): SavedRequest[] {
    const saved: SavedRequest[] = [];
    for (const key of keys) {
      const record = this.records.get(key);
      if (record !== undefined) saved.push([key, record.value, record.ts.toString()]);
    }
    return saved;
  }

  /** Replaces everything with a saved list; what was saved is durable, so nothing waits on it. */
  restore(saved: SavedRequest[]): void {
    this.records = new Map(saved.map(([key, value, ts]) => [key, { value, ts: BigInt(ts), commit: 0 }]));
  }
}
