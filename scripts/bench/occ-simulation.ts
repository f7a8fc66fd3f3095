/**
 * A simulation of Convex's optimistic concurrency control, fed with read and write sets the
 * conflict profiler measured on the local backend (which runs mutations one at a time, so
 * never sees a conflict itself).
 *
 * The model, from Convex's documented behaviour: a mutation reads at a snapshot and commits
 * `transactionMs` later (uniformly 0.5×–1.5× that); it commits unless a transaction that
 * committed after its snapshot wrote something it read (a document, a document in an index
 * range it read, a table it scanned); otherwise it is retried after a backoff (10 ms, doubling,
 * with jitter), up to 4 retries, after which the caller gets the write-conflict error. At most
 * `concurrency` mutations run at once; the rest wait their turn. Calls arrive as a Poisson
 * stream at `ratePerSecond`; each takes the read and write set of one measured call, in turn.
 *
 * An optional queue worker (the per-event support queue) runs batches in a loop: it picks up
 * the calls that committed at least `minAgeMs` before its snapshot, applies up to `batchSize`
 * of them in one transaction of `transactionMs`, and writes what a measured worker run wrote.
 * It reads only rows older than `minAgeMs`, which no call in flight writes, so it is modelled
 * without conflicts of its own; its writes do count against the calls' reads.
 */
import type { ReadSet, WrittenDocument } from "../../local-backend/database/read-set.ts";

export type Footprint = { reads: ReadSet | null; writes: WrittenDocument[] };

export type QueueWorker = { batchSize: number; minAgeMs: number; batchWrites: Footprint[]; idleWrites: Footprint };

export type Stream = { ratePerSecond: number; footprints: Footprint[] };

export type OccConfig = {
  transactionMs: number;
  /** The calls measured: their rate, and one footprint per call in turn. */
  calls: Stream;
  /** How many calls arrive in all. */
  count: number;
  /** Other traffic on the same documents (presence heartbeats), not counted in the results. */
  background?: Stream;
  worker?: QueueWorker;
  concurrency?: number;
  maxRetries?: number;
  firstBackoffMs?: number;
  seed?: number;
};

export type OccResult = {
  ratePerSecond: number;
  transactionMs: number;
  calls: number;
  failed: number;
  failureRate: number;
  /** Attempts that hit a conflict, per call. */
  conflictsPerCall: number;
  /** Time from a call's arrival to its answer (committed or failed), ms. */
  answer: { p50: number; p99: number };
  /** With a queue worker: time from arrival until the worker applied the call, ms. */
  applied: { p50: number; p99: number } | null;
  backgroundFailureRate: number | null;
};

export const CONVEX_MAX_RETRIES = 4;
export const CONVEX_FIRST_BACKOFF_MS = 10;
export const CONVEX_CONCURRENCY = 256;

/** mulberry32: a small seeded generator, so every run of the bench simulates the same thing. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Nearest-rank percentile. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Whether writing one footprint's writes invalidates another's reads; cached per pair. */
class Touches {
  private readonly footprints: Footprint[] = [];
  private readonly index = new Map<Footprint, number>();
  private readonly cache = new Map<number, boolean>();

  id(footprint: Footprint): number {
    let id = this.index.get(footprint);
    if (id === undefined) this.index.set(footprint, (id = this.footprints.push(footprint) - 1));
    return id;
  }

  touches(writer: number, reader: number): boolean {
    const key = writer * 1_000_003 + reader;
    let hit = this.cache.get(key);
    if (hit === undefined) {
      const reads = this.footprints[reader]!.reads;
      hit = reads !== null && this.footprints[writer]!.writes.some((written) => reads.isTouchedBy(written));
      this.cache.set(key, hit);
    }
    return hit;
  }
}

type Call = {
  arrival: number;
  footprint: number;
  attempts: number;
  snapshot: number;
  background: boolean;
  committedAt: number | null;
  /** When the caller got its answer: the commit, or the error after the last retry. */
  answeredAt: number | null;
};
type Step = { at: number; seq: number; run: () => void };

/** A binary min-heap of steps by time (ties in insertion order). */
class Agenda {
  private readonly heap: Step[] = [];
  private seq = 0;
  push(at: number, run: () => void): void {
    const heap = this.heap;
    heap.push({ at, seq: this.seq++, run });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }
  pop(): Step | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last !== undefined) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const [left, right] = [2 * i + 1, 2 * i + 2];
        let smallest = i;
        if (left < heap.length && this.before(heap[left]!, heap[smallest]!)) smallest = left;
        if (right < heap.length && this.before(heap[right]!, heap[smallest]!)) smallest = right;
        if (smallest === i) break;
        [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
        i = smallest;
      }
    }
    return top;
  }
  private before(a: Step, b: Step): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }
}

export function simulateOcc(config: OccConfig): OccResult {
  const {
    transactionMs,
    concurrency = CONVEX_CONCURRENCY,
    maxRetries = CONVEX_MAX_RETRIES,
    firstBackoffMs = CONVEX_FIRST_BACKOFF_MS,
    worker,
  } = config;
  const rand = random(config.seed ?? 1);
  const touches = new Touches();
  const agenda = new Agenda();
  /** Commits in time order: [time, footprint id]. Older than any snapshot in flight get dropped. */
  let commits: [number, number][] = [];
  const waiting: Call[] = [];
  let running = 0;
  let conflicts = 0;
  const calls: Call[] = [];
  const background: Call[] = [];
  /** Committed calls not yet applied by the worker, oldest first. */
  const queued: Call[] = [];
  const applied: number[] = [];
  const callFootprints = config.calls.footprints.map((footprint) => touches.id(footprint));
  const backgroundFootprints = (config.background?.footprints ?? []).map((footprint) => touches.id(footprint));
  const batchFootprints = (worker?.batchWrites ?? []).map((footprint) => touches.id(footprint));
  const idleFootprint = worker === undefined ? -1 : touches.id(worker.idleWrites);
  let workerBusy = false;
  let batches = 0;

  const duration = () => transactionMs * (0.5 + rand());

  function start(call: Call, at: number): void {
    call.snapshot = at;
    agenda.push(at + duration(), () => commit(call));
  }

  function commit(call: Call): void {
    const at = currentTime;
    let conflicted = false;
    for (let i = commits.length - 1; i >= 0 && commits[i]![0] > call.snapshot && !conflicted; i--) {
      conflicted = touches.touches(commits[i]![1], call.footprint);
    }
    if (!conflicted) {
      commits.push([at, call.footprint]);
      call.committedAt = at;
      call.answeredAt = at;
      if (worker !== undefined && !call.background) {
        queued.push(call);
        wakeWorker(at);
      }
      return release(at);
    }
    if (!call.background) conflicts += 1;
    call.attempts += 1;
    if (call.attempts > maxRetries) {
      call.answeredAt = at;
      return release(at);
    }
    const backoff = firstBackoffMs * 2 ** (call.attempts - 1) * (0.5 + rand());
    agenda.push(at + backoff, () => start(call, currentTime));
  }

  function release(at: number): void {
    running -= 1;
    const next = waiting.shift();
    if (next !== undefined) {
      running += 1;
      start(next, at);
    }
    // Keep only commits a call in flight may still have to check.
    const horizon = at - 2 * transactionMs - 1;
    if (commits.length > 1_000 && commits[0]![0] < horizon) commits = commits.filter(([time]) => time >= horizon);
  }

  function arrive(call: Call, at: number): void {
    if (running < concurrency) {
      running += 1;
      start(call, at);
    } else waiting.push(call);
  }

  /** The worker: one batch at a time, of calls committed at least minAgeMs before it starts. */
  function wakeWorker(at: number): void {
    if (worker === undefined || workerBusy || queued.length === 0) return;
    workerBusy = true;
    const readyAt = Math.max(at, queued[0]!.committedAt! + worker.minAgeMs);
    agenda.push(readyAt, () => {
      const snapshot = currentTime;
      const batch: Call[] = [];
      while (batch.length < worker.batchSize && queued.length > 0 && queued[0]!.committedAt! + worker.minAgeMs <= snapshot)
        batch.push(queued.shift()!);
      agenda.push(snapshot + duration(), () => {
        const done = currentTime;
        for (const call of batch) applied.push(done - call.arrival);
        const idle = queued.length === 0;
        commits.push([done, idle ? idleFootprint : batchFootprints[batches++ % batchFootprints.length]!]);
        workerBusy = false;
        wakeWorker(done);
      });
    });
  }

  let currentTime = 0;
  let arrival = 0;
  for (let k = 0; k < config.count; k++) {
    arrival += -Math.log(1 - rand()) * (1000 / config.calls.ratePerSecond);
    const call: Call = {
      arrival,
      footprint: callFootprints[k % callFootprints.length]!,
      attempts: 0,
      snapshot: 0,
      background: false,
      committedAt: null,
      answeredAt: null,
    };
    calls.push(call);
    agenda.push(arrival, () => arrive(call, currentTime));
  }
  if (config.background !== undefined && backgroundFootprints.length > 0) {
    let at = 0;
    for (let k = 0; at < arrival; k++) {
      at += -Math.log(1 - rand()) * (1000 / config.background.ratePerSecond);
      const call: Call = {
        arrival: at,
        footprint: backgroundFootprints[k % backgroundFootprints.length]!,
        attempts: 0,
        snapshot: 0,
        background: true,
        committedAt: null,
        answeredAt: null,
      };
      background.push(call);
      agenda.push(at, () => arrive(call, currentTime));
    }
  }
  for (let step = agenda.pop(); step !== undefined; step = agenda.pop()) {
    currentTime = step.at;
    step.run();
  }

  const failed = calls.filter((call) => call.committedAt === null);
  const answerTimes = calls.map((call) => call.answeredAt! - call.arrival).sort((a, b) => a - b);
  const appliedSorted = [...applied].sort((a, b) => a - b);
  const backgroundFailed = background.filter((call) => call.committedAt === null).length;
  return {
    ratePerSecond: config.calls.ratePerSecond,
    transactionMs,
    calls: calls.length,
    failed: failed.length,
    failureRate: failed.length / calls.length,
    conflictsPerCall: conflicts / calls.length,
    answer: { p50: percentile(answerTimes, 50), p99: percentile(answerTimes, 99) },
    applied: worker === undefined ? null : { p50: percentile(appliedSorted, 50), p99: percentile(appliedSorted, 99) },
    backgroundFailureRate: background.length === 0 ? null : backgroundFailed / background.length,
  };
}
