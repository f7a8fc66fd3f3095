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
import type { ReadSet, WrittenDocument } from "../../local-backend/index.ts";

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

/** The settings of a run, with Convex's defaults filled in. */
type Settings = { transactionMs: number; concurrency: number; maxRetries: number; firstBackoffMs: number; worker: QueueWorker | undefined };

/** One run of the model: the calls in flight, the commits they check, the worker's queue, on an agenda of steps in time order. */
class Simulation {
  private readonly rand: () => number;
  private readonly touches = new Touches();
  private readonly agenda = new Agenda();
  /** The time of the step being run. */
  private now = 0;
  /** Commits in time order: [time, footprint id]. Older than any snapshot in flight get dropped. */
  private commits: [number, number][] = [];
  private readonly waiting: Call[] = [];
  private running = 0;
  /** Attempts of measured calls (not background ones) that hit a conflict. */
  conflicts = 0;
  /** Committed calls not yet applied by the worker, oldest first. */
  private readonly queued: Call[] = [];
  /** For each call the worker applied: the time from its arrival. */
  readonly applied: number[] = [];
  private readonly batchFootprints: number[];
  private readonly idleFootprint: number;
  private workerBusy = false;
  private batches = 0;

  constructor(
    private readonly settings: Settings,
    seed: number,
  ) {
    this.rand = random(seed);
    this.batchFootprints = (settings.worker?.batchWrites ?? []).map((footprint) => this.touches.id(footprint));
    this.idleFootprint = settings.worker === undefined ? -1 : this.touches.id(settings.worker.idleWrites);
  }

  /**
   * Calls arriving as a Poisson stream at the stream's rate, each with the stream's next
   * footprint in turn, for as long as `more(calls so far, last arrival)` holds.
   */
  arrivals(stream: Stream, background: boolean, more: (count: number, lastArrival: number) => boolean): Call[] {
    const footprints = stream.footprints.map((footprint) => this.touches.id(footprint));
    const calls: Call[] = [];
    let at = 0;
    while (more(calls.length, at)) {
      at += -Math.log(1 - this.rand()) * (1000 / stream.ratePerSecond);
      const call: Call = {
        arrival: at,
        footprint: footprints[calls.length % footprints.length]!,
        attempts: 0,
        snapshot: 0,
        background,
        committedAt: null,
        answeredAt: null,
      };
      calls.push(call);
      this.agenda.push(at, () => this.arrive(call));
    }
    return calls;
  }

  /** Runs every step, in time order, until nothing is left to do. */
  run(): void {
    for (let step = this.agenda.pop(); step !== undefined; step = this.agenda.pop()) {
      this.now = step.at;
      step.run();
    }
  }

  private duration(): number {
    return this.settings.transactionMs * (0.5 + this.rand());
  }

  private arrive(call: Call): void {
    if (this.running < this.settings.concurrency) {
      this.running += 1;
      this.start(call);
    } else this.waiting.push(call);
  }

  private start(call: Call): void {
    call.snapshot = this.now;
    this.agenda.push(this.now + this.duration(), () => this.commit(call));
  }

  /** Commits unless a commit after the call's snapshot wrote what it read; otherwise retries after a backoff, or fails. */
  private commit(call: Call): void {
    const at = this.now;
    let conflicted = false;
    for (let i = this.commits.length - 1; i >= 0 && this.commits[i]![0] > call.snapshot && !conflicted; i--) {
      conflicted = this.touches.touches(this.commits[i]![1], call.footprint);
    }
    if (!conflicted) {
      this.commits.push([at, call.footprint]);
      call.committedAt = at;
      call.answeredAt = at;
      if (this.settings.worker !== undefined && !call.background) {
        this.queued.push(call);
        this.wakeWorker();
      }
      return this.release();
    }
    if (!call.background) this.conflicts += 1;
    call.attempts += 1;
    if (call.attempts > this.settings.maxRetries) {
      call.answeredAt = at;
      return this.release();
    }
    const backoff = this.settings.firstBackoffMs * 2 ** (call.attempts - 1) * (0.5 + this.rand());
    this.agenda.push(at + backoff, () => this.start(call));
  }

  /** A call is done: the next waiting one starts. */
  private release(): void {
    this.running -= 1;
    const next = this.waiting.shift();
    if (next !== undefined) {
      this.running += 1;
      this.start(next);
    }
    // Keep only commits a call in flight may still have to check.
    const horizon = this.now - 2 * this.settings.transactionMs - 1;
    if (this.commits.length > 1_000 && this.commits[0]![0] < horizon) this.commits = this.commits.filter(([time]) => time >= horizon);
  }

  /** The worker: one batch at a time, of calls committed at least minAgeMs before it starts. */
  private wakeWorker(): void {
    const worker = this.settings.worker;
    if (worker === undefined || this.workerBusy || this.queued.length === 0) return;
    this.workerBusy = true;
    const readyAt = Math.max(this.now, this.queued[0]!.committedAt! + worker.minAgeMs);
    this.agenda.push(readyAt, () => {
      const snapshot = this.now;
      const batch: Call[] = [];
      while (batch.length < worker.batchSize && this.queued.length > 0 && this.queued[0]!.committedAt! + worker.minAgeMs <= snapshot)
        batch.push(this.queued.shift()!);
      this.agenda.push(snapshot + this.duration(), () => this.applyBatch(batch));
    });
  }

  private applyBatch(batch: Call[]): void {
    const done = this.now;
    for (const call of batch) this.applied.push(done - call.arrival);
    const idle = this.queued.length === 0;
    this.commits.push([done, idle ? this.idleFootprint : this.batchFootprints[this.batches++ % this.batchFootprints.length]!]);
    this.workerBusy = false;
    this.wakeWorker();
  }
}

export function simulateOcc(config: OccConfig): OccResult {
  const simulation = new Simulation(
    {
      transactionMs: config.transactionMs,
      concurrency: config.concurrency ?? CONVEX_CONCURRENCY,
      maxRetries: config.maxRetries ?? CONVEX_MAX_RETRIES,
      firstBackoffMs: config.firstBackoffMs ?? CONVEX_FIRST_BACKOFF_MS,
      worker: config.worker,
    },
    config.seed ?? 1,
  );
  const calls = simulation.arrivals(config.calls, false, (count) => count < config.count);
  const lastArrival = calls.at(-1)?.arrival ?? 0;
  const background =
    config.background !== undefined && config.background.footprints.length > 0
      ? simulation.arrivals(config.background, true, (_, at) => at < lastArrival)
      : [];
  simulation.run();
  return summary(config, calls, background, simulation);
}

/** What the calls met: failures, conflicts, answer times and, with a worker, the time until applied. */
function summary(config: OccConfig, calls: Call[], background: Call[], simulation: Simulation): OccResult {
  const failed = calls.filter((call) => call.committedAt === null);
  const answerTimes = calls.map((call) => call.answeredAt! - call.arrival).sort((a, b) => a - b);
  const appliedSorted = [...simulation.applied].sort((a, b) => a - b);
  const backgroundFailed = background.filter((call) => call.committedAt === null).length;
  return {
    ratePerSecond: config.calls.ratePerSecond,
    transactionMs: config.transactionMs,
    calls: calls.length,
    failed: failed.length,
    failureRate: failed.length / calls.length,
    conflictsPerCall: simulation.conflicts / calls.length,
    answer: { p50: percentile(answerTimes, 50), p99: percentile(answerTimes, 99) },
    applied: config.worker === undefined ? null : { p50: percentile(appliedSorted, 50), p99: percentile(appliedSorted, 99) },
    backgroundFailureRate: background.length === 0 ? null : backgroundFailed / background.length,
  };
}
