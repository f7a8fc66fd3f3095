import { rm } from "node:fs/promises";
import type { ConvexClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { filledDataFolder } from "./filled-data-folder";
import { openClient, percentiles, signIn } from "./latency";
import { startLocalBackendProcess, type RunningBackend } from "./local-backend-process";

/** Supports measured at each size, and the pages watched on the smaller one. */
export const SUPPORT_SAMPLES = 200;
export const WATCHED_PAGES = 500;
export const PAGE_SAMPLES = 100;
const WARMUP = 20;
/** 20 supports per person per minute (convex/model/core/rateLimits.ts): each supporter makes ~15 per part. */
const SUPPORTERS = 15;
/** The catalogue's minimum support (dataset.ts). */
const AMOUNT_CENTS = 100;
/** What a signed-out visitor of an event page subscribes to (src/app/routes/event.tsx and its panels). */
const EVENT_PAGE_QUERIES = 5;

export type SupportLatency = { events: number; samples: number; p50: number; p95: number; p99: number };
export type PagesLatency = {
  events: number;
  sessions: number;
  subscribedQueries: number;
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  /** Query functions run per commit, on average and at most. */
  queryRunsPerCommit: { mean: number; max: number };
};
export type PersistedSupport = { support: SupportLatency[]; pages: PagesLatency | null };

type Stats = { commits: number; queryRuns: number };

/**
 * The backend's counters. Tried again on a network error: while the backend is busy (the
 * migration at start), a kept-alive connection can be closed under the request (ECONNRESET).
 */
async function stats({ url, adminKey }: RunningBackend): Promise<Stats> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await (await fetch(`${url}/dashboard/stats.json`, { headers: { Authorization: `Convex ${adminKey}` } })).json()) as Stats;
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Waits until the backend commits nothing for a while: the start-up migration runs page by page. */
async function untilQuiet(backend: RunningBackend): Promise<void> {
  let last = await stats(backend);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const now = await stats(backend);
    if (now.commits === last.commits) return;
    last = now;
  }
}

/** The subscriptions of a signed-out event page; resolves with a waiter on its raised amount. */
function openEventPage(client: ConvexClient, eventId: Id<"events">) {
  let raised = -1;
  let waiter: { above: number; resolve: (at: number) => void } | null = null;
  client.onUpdate(api.events.get, { id: eventId }, (event) => {
    raised = event?.raisedCents ?? -1;
    if (waiter !== null && raised > waiter.above) {
      waiter.resolve(performance.now());
      waiter = null;
    }
  });
  client.onUpdate(api.users.me, {}, () => {});
  client.onUpdate(api.auth.providers, {}, () => {});
  client.onUpdate(api.events.timeline, { id: eventId }, () => {});
  client.onUpdate(api.supports.mine, { eventId }, () => {});
  return {
    loaded: async () => {
      while (raised < 0) await new Promise((resolve) => setTimeout(resolve, 20));
      return raised;
    },
    /** Resolves with the time the page shows more than `above`. */
    raisedAbove: (above: number) =>
      new Promise<number>((resolve) => (raised > above ? resolve(performance.now()) : (waiter = { above, resolve }))),
  };
}

/** Fresh signed-in people, with a group letter in their e-mails so each group is new. */
async function signedInSupporters(open: () => ConvexClient, group: string): Promise<ConvexClient[]> {
  const supporters = Array.from({ length: SUPPORTERS }, open);
  for (const [n, supporter] of supporters.entries())
    await signIn(supporter, `Apoiadora ${group}${n}`, `apoiadora-${group}${n}@bench.example`);
  return supporters;
}

/** Supports `eventId` and resolves with the time from the call until `page` shows it. */
async function timedSupport(supporter: ConvexClient, eventId: Id<"events">, page: ReturnType<typeof openEventPage>): Promise<number> {
  const before = await page.loaded();
  const started = performance.now();
  const [, seenAt] = await Promise.all([
    supporter.mutation(api.supports.support, { eventId, amountCents: AMOUNT_CENTS }),
    page.raisedAbove(before),
  ]);
  return seenAt - started;
}

/**
 * On a local backend with a data folder (every commit fsync'd before its answer):
 * - support latency, from the call to the event page showing it, at each catalogue size;
 * - on the smallest, 500 signed-out sessions each on a different event page: the same
 *   latency for the page supported, and how many query functions each commit runs again.
 * The backend runs in its own process; the clients share this one.
 */
export async function measurePersistedSupport(sizes: number[]): Promise<PersistedSupport> {
  const result: PersistedSupport = { support: [], pages: null };
  for (const events of sizes) {
    const { dataDir, eventIds } = await filledDataFolder(events);
    const backend = await startLocalBackendProcess({ dataDir });
    const clients: ConvexClient[] = [];
    const open = () => {
      const client = openClient(backend.url);
      clients.push(client);
      return client;
    };
    try {
      await untilQuiet(backend);
      const supporters = await signedInSupporters(open, "a");
      const target = eventIds[1] as Id<"events">;
      const page = openEventPage(open(), target);
      const samples: number[] = [];
      for (let i = 0; i < WARMUP + SUPPORT_SAMPLES; i++) {
        const took = await timedSupport(supporters[i % SUPPORTERS]!, target, page);
        if (i >= WARMUP) samples.push(took);
      }
      result.support.push({ events, samples: samples.length, ...percentiles(samples) });
      if (events === Math.min(...sizes)) result.pages = await measureWatchedPages(backend, events, eventIds, open);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await backend.stopped();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return result;
}

async function measureWatchedPages(
  backend: RunningBackend,
  events: number,
  eventIds: string[],
  open: () => ConvexClient,
): Promise<PagesLatency> {
  // Others than the first part's, whose supports of the last minute count towards the limit.
  const supporters = await signedInSupporters(open, "b");
  // Pages of events not supported so far (the first part supported eventIds[1]).
  const watched = eventIds.slice(2, 2 + WATCHED_PAGES) as Id<"events">[];
  const pages = watched.map((eventId) => openEventPage(open(), eventId));
  await Promise.all(pages.map((page) => page.loaded()));
  await untilQuiet(backend);
  const samples: number[] = [];
  const runs: number[] = [];
  for (let i = 0; i < PAGE_SAMPLES; i++) {
    // A stride coprime with 500 visits pages all over the list.
    const index = (i * 7) % watched.length;
    const before = await stats(backend);
    samples.push(await timedSupport(supporters[i % supporters.length]!, watched[index]!, pages[index]!));
    const after = await stats(backend);
    runs.push((after.queryRuns - before.queryRuns) / Math.max(1, after.commits - before.commits));
  }
  return {
    events,
    sessions: watched.length,
    subscribedQueries: watched.length * EVENT_PAGE_QUERIES,
    samples: samples.length,
    ...percentiles(samples),
    queryRunsPerCommit: { mean: runs.reduce((sum, n) => sum + n, 0) / runs.length, max: Math.max(...runs) },
  };
}
