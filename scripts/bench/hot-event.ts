/**
 * One popular event: 1,000 people supporting it as fast as they can. The local backend runs
 * the real supports (one after another) while the conflict profiler records each one's read
 * and write sets, and the presence heartbeats of 1,000 open pages; then occ-simulation.ts
 * replays those sets under Convex's optimistic concurrency at a range of rates, to find the
 * rate at which more than 1% of supports would fail. Beside the simulation, the real thing:
 * every person supports again at 100, 250 and 500 a second and all at once, concurrently on
 * the local backend, which retries write conflicts as Convex does; measured are the share
 * that failed, the supports answered a second and the write conflicts per support. Also
 * measured: the profiler's own cost and the conflicts per support it saw.
 *
 * Rewards are in the mix: a third of the supports choose a shirt limited to LIMITED_REWARD_UNITS
 * (with a size answer), a third an unlimited poster, a third none. The shirt sells out during the
 * live rounds; a support refused for it (`Esta recompensa esgotou.`, at the door or by the queue)
 * is an answer, not a failure. At the end its count must be exactly its quantity.
 */
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { eventInput } from "../../test-kit/event-input";
import { localDeploymentVariables } from "../../test-kit/deployment-variables";
import { localSignInToken } from "../../test-kit/local-sign-in";
import type { Id } from "../../convex/_generated/dataModel";
import { eventRoom } from "../../convex/model/shared/presenceRooms";
import { QUEUE_BATCH_SIZE, QUEUE_SETTLE_MS } from "../../convex/model/supports/queue";
import { ConflictProfiler, type ProfiledTransaction, startLocalBackend } from "../../local-backend/index.ts";
import { simulateOcc, type Footprint, type OccResult, type QueueWorker } from "./occ-simulation";

export const SUPPORTERS = 1_000;
export const TRANSACTION_MS = [10, 25, 50] as const;
export const LATENCY_RATES = [200, 500] as const;
/** Rates tried for the ceiling, supports a second. */
const RATES = [5, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 600, 800, 1_000, 1_500, 2_000];
const MAX_FAILURE_RATE = 0.01;
/** Each page sends one every PRESENCE_INTERVAL_MS (10 s): 1,000 open pages make 100 a second. */
const HEARTBEATS_PER_SECOND = SUPPORTERS / 10;
const PARALLEL_SIGN_INS = 8;
/** The per-event queue's worker, when supports go through one. */
const QUEUE_WORKER = "supportQueue:work";
/** The limited reward's quantity: about a third of the ~5,350 supports choose it, so it sells out mid-run. */
const LIMITED_REWARD_UNITS = 500;
const SOLD_OUT = "Esta recompensa esgotou.";
const REWARDS = [
  {
    title: "Camiseta",
    description: "",
    minimumCents: 100,
    quantity: LIMITED_REWARD_UNITS,
    question: { label: "Tamanho", choices: ["P", "M", "G"] },
  },
  { title: "Pôster", description: "", minimumCents: 100 },
];

type RewardIds = [limited: string, unlimited: string];

/** What the i-th support chooses: the limited shirt (with its answer), the poster, or no reward. */
function choiceOf(i: number, [limited, unlimited]: RewardIds): { rewardId?: string; answer?: string } {
  if (i % 3 === 0) return { rewardId: limited, answer: "M" };
  return i % 3 === 1 ? { rewardId: unlimited } : {};
}

/** A refusal because the shirt ran out: an answer the supporter gets, not a failed call. */
function isSoldOut(error: unknown): boolean {
  const data = (error as { data?: { message?: unknown } }).data;
  return typeof data === "object" && data !== null && data.message === SOLD_OUT;
}

export type Ceiling = { transactionMs: number; ratePerSecond: number; atCeiling: OccResult | null };
/**
 * The live rounds: a rate, and how many people support once each at it (the 1,000 at once
 * last). The moderate rates come first: there the worker starts and stops, and a quiet
 * moment's support is applied as it is taken, which must not turn into write conflicts.
 */
export const LIVE_ROUNDS = [
  { sentPerSecond: 10, people: 100 },
  { sentPerSecond: 25, people: 250 },
  { sentPerSecond: 100, people: SUPPORTERS },
  { sentPerSecond: 250, people: SUPPORTERS },
  { sentPerSecond: 500, people: SUPPORTERS },
  { sentPerSecond: Infinity, people: SUPPORTERS },
] as const;
/** One live round on the local backend itself, mutations concurrent under its optimistic concurrency control. */
export type LiveRound = {
  /** Supports a second sent (Infinity: all at once). */
  sentPerSecond: number;
  supports: number;
  /** Share of supports that failed (with Convex's write-conflict message, or anything else). */
  failureRate: number;
  /** Supports answered a second, from the first sent to the last answered. */
  answeredPerSecond: number;
  /** Write conflicts per support (each retried, or the last one that failed it). */
  conflictsPerSupport: number;
  /** Commits that wrote the event's worker state (which every support reads), per support. */
  workerStateWritesPerSupport: number;
};
export type HotEvent = {
  supports: number;
  /** Conflicts the profiler saw per support on the local backend (pairs within its 50 ms window). */
  conflictsPerSupport: number;
  /** Mean ms per support through the HTTP API, and of it in the profiler. */
  supportMs: { total: number; profiler: number };
  ceilings: Ceiling[];
  /** At 25 ms per transaction. */
  latencies: OccResult[];
  /** Whether a queue worker applied the supports (the calls' answer is then "queued"). */
  queued: boolean;
  /** The same supports on the local backend itself, concurrently, in LIVE_ROUNDS. */
  live: LiveRound[];
};

type Person = { client: ConvexHttpClient; userId: string };

async function signIn(url: string, n: number): Promise<ConvexHttpClient> {
  const client = new ConvexHttpClient(url);
  client.setAuth(await localSignInToken(client, `Fã ${n}`, `fa-${n}@bench.example`));
  return client;
}

/** Runs `work(0..count-1)` with at most `parallel` calls in flight; results in order. */
export async function inParallel<T>(count: number, parallel: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

type Run = {
  live: LiveRound[];
  supports: ProfiledTransaction[];
  heartbeats: ProfiledTransaction[];
  workerRuns: ProfiledTransaction[];
  supportMs: { total: number; profiler: number };
  conflictsPerSupport: number;
};

/** One backend: 1,000 people sign in, open the event page (a heartbeat each) and support it once. */
async function runSupports(): Promise<Run> {
  // The backend's own profiler off; this one is timed.
  // A new deployment has no variables: the app's local ones (sign-in keys) are set at start, as `npx convex env set` would.
  const environment = await localDeploymentVariables();
  const backend = await startLocalBackend({ port: 0, sitePort: 0, dataDir: null, environment, profiler: { enabled: false } });
  const profiler = new ConflictProfiler({ warn: () => {} });
  let profilerMs = 0;
  const seen: ProfiledTransaction[] = [];
  backend.onTransaction((transaction) => {
    const started = performance.now();
    profiler.observe(transaction);
    profilerMs += performance.now() - started;
    seen.push(transaction);
  });
  try {
    const creator = await signIn(backend.url, 0);
    const eventId: Id<"events"> = await creator.mutation(
      api.events.create,
      eventInput({ name: "Show Esgotado", goalCents: 100_000_000, minSupportCents: 100, isTicketed: true, rewards: REWARDS }),
    );
    const [limited, unlimited] = await creator.query(api.rewards.list, { eventId });
    const rewardIds: RewardIds = [limited!._id, unlimited!._id];
    const people: Person[] = await inParallel(SUPPORTERS, PARALLEL_SIGN_INS, async (i) => {
      const client = await signIn(backend.url, i + 1);
      const me = await client.query(api.users.me, {});
      return { client, userId: me!._id };
    });
    for (const { client, userId } of people) {
      await client.mutation(api.presence.heartbeat, { roomId: eventRoom(eventId), userId, sessionId: `tab-${userId}`, interval: 10_000 });
    }
    const before = { seen: seen.length, conflicts: profiler.totalConflicts, profilerMs };
    const started = performance.now();
    for (const [i, { client }] of people.entries()) {
      await client.mutation(api.supports.support, { eventId, amountCents: 100, ...choiceOf(i, rewardIds) });
    }
    const supportMs = {
      total: (performance.now() - started) / people.length,
      profiler: (profilerMs - before.profilerMs) / people.length,
    };
    // Let a queue worker, if any, finish (scheduled jobs run right after).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const supports = seen.filter((transaction) => transaction.functionName === "supports:support");
    const workerRuns = seen.slice(before.seen).filter((transaction) => transaction.functionName === QUEUE_WORKER);
    let conflicts = 0;
    backend.onConflict(() => (conflicts += 1));
    const live: LiveRound[] = [];
    const wroteWorkerState = (transaction: ProfiledTransaction) => transaction.writes.some((write) => write.table === "supportWorkers");
    for (const { sentPerSecond, people: count } of LIVE_ROUNDS) {
      const before = { conflicts, seen: seen.length };
      const round = await liveRound(people.slice(0, count), eventId, sentPerSecond, rewardIds);
      // The worker's last turns (it goes idle) belong to the round.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      live.push({
        ...round,
        conflictsPerSupport: (conflicts - before.conflicts) / count,
        workerStateWritesPerSupport: seen.slice(before.seen).filter(wroteWorkerState).length / count,
      });
    }
    const [shirt] = await creator.query(api.rewards.list, { eventId });
    if (shirt?.taken !== LIMITED_REWARD_UNITS)
      throw new Error(`the limited reward holds ${shirt?.taken} supports, not ${LIMITED_REWARD_UNITS}`);
    return {
      live,
      supports,
      heartbeats: seen.filter((transaction) => transaction.functionName === "presence:heartbeat"),
      workerRuns,
      supportMs,
      conflictsPerSupport: (profiler.totalConflicts - before.conflicts) / supports.length,
    };
  } finally {
    await backend.close();
  }
}

/** Each person supports once more, sent at `sentPerSecond` (all at once for Infinity), all in flight together. */
async function liveRound(
  people: Person[],
  eventId: Id<"events">,
  sentPerSecond: number,
  rewardIds: RewardIds,
): Promise<Omit<LiveRound, "conflictsPerSupport" | "workerStateWritesPerSupport">> {
  const started = performance.now();
  let lastAnswer = started;
  const outcomes = await Promise.all(
    people.map(async ({ client }, i) => {
      if (Number.isFinite(sentPerSecond)) await new Promise((resolve) => setTimeout(resolve, (i * 1000) / sentPerSecond));
      const ok = await client.mutation(api.supports.support, { eventId, amountCents: 100, ...choiceOf(i, rewardIds) }).then(
        () => true,
        (error: unknown) => isSoldOut(error),
      );
      lastAnswer = performance.now();
      return ok;
    }),
  );
  const failed = outcomes.filter((ok) => !ok).length;
  return {
    sentPerSecond,
    supports: people.length,
    failureRate: failed / people.length,
    answeredPerSecond: (people.length - failed) / ((lastAnswer - started) / 1000),
  };
}

/** The highest rate tried at which fewer than 1% of supports fail. */
function ceilingAt(transactionMs: number, calls: Footprint[], background: Footprint[], worker: QueueWorker | undefined): Ceiling {
  let best: Ceiling = { transactionMs, ratePerSecond: 0, atCeiling: null };
  for (const ratePerSecond of RATES) {
    const result = simulateOcc({
      transactionMs,
      calls: { ratePerSecond, footprints: calls },
      count: Math.max(SUPPORTERS, ratePerSecond * 4),
      background: { ratePerSecond: HEARTBEATS_PER_SECOND, footprints: background },
      worker,
    });
    if (result.failureRate >= MAX_FAILURE_RATE) break;
    best = { transactionMs, ratePerSecond, atCeiling: result };
  }
  return best;
}

export async function measureHotEvent(log: (message: string) => void = () => {}): Promise<HotEvent> {
  log("hot event: 1,000 people support one event");
  const on = await runSupports();
  const calls: Footprint[] = on.supports;
  const background: Footprint[] = on.heartbeats;
  // A queue worker shows up as scheduled jobs committing after the supports.
  const queued = on.workerRuns.length > 0;
  // Its turns as measured: the last one found the queue empty and stopped (the idle write).
  const worker: QueueWorker | undefined = queued
    ? {
        batchSize: QUEUE_BATCH_SIZE,
        minAgeMs: QUEUE_SETTLE_MS,
        batchWrites: on.workerRuns.length > 1 ? on.workerRuns.slice(0, -1) : on.workerRuns,
        idleWrites: on.workerRuns.at(-1)!,
      }
    : undefined;
  log("hot event: simulating Convex's concurrency");
  const ceilings = TRANSACTION_MS.map((transactionMs) => ceilingAt(transactionMs, calls, background, worker));
  const latencies = LATENCY_RATES.map((ratePerSecond) =>
    simulateOcc({
      transactionMs: 25,
      calls: { ratePerSecond, footprints: calls },
      count: Math.max(SUPPORTERS, ratePerSecond * 4),
      background: { ratePerSecond: HEARTBEATS_PER_SECOND, footprints: background },
      worker,
    }),
  );
  return {
    supports: on.supports.length,
    conflictsPerSupport: on.conflictsPerSupport,
    supportMs: on.supportMs,
    ceilings,
    latencies,
    queued,
    live: on.live,
  };
}
