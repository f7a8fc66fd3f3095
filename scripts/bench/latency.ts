import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { api } from "../../convex/_generated/api";
import { eventInput } from "../../test-kit/event-input";
import { localSignInToken } from "../../test-kit/local-sign-in";
import { QUEUE_SETTLE_MS } from "../../convex/model/supports/queue";
import { startLocalBackendProcess } from "./local-backend-process";

export const LATENCY_SUPPORTS = 500;
export const OTHER_SUBSCRIBERS = [1, 10, 50] as const;
/** A quiet event: supports this far apart (ms), longer than the queue's settle, each applied as it is taken. */
export const QUIET_GAP_MS = QUEUE_SETTLE_MS + 50;
export const QUIET_SUPPORTS = 200;
export const QUIET_SUBSCRIBERS = 10;
/** Unrecorded supports first, so JIT warm-up and first-use costs stay out of the figures. */
const WARMUP_SUPPORTS = 10;
/**
 * Supporters taking turns: one person may support 20 times a minute (convex/model/core/rateLimits.ts),
 * and the run makes ~1,500 supports in well under a minute or two.
 */
const SUPPORTERS = 80;

export type Latency = { otherSubscribers: number; samples: number; p50: number; p95: number; p99: number };
export type LiveLatency = { steady: Latency[]; quiet: Latency };

/**
 * Live-update latency through the local backend with Convex's own client: the time from
 * client A calling `supports:support` to client B's `events:get` subscription receiving the
 * new amount, while other clients watch the same event (signed out, like visitors of the
 * event page). Two kinds of event:
 * - steady: supports one after the other, each as soon as B saw the one before. Each comes
 *   within QUEUE_SETTLE_MS of the last, so most wait in the event's queue for the worker, which
 *   leaves rows younger than QUEUE_SETTLE_MS on purpose (convex/model/supports/queue.ts);
 * - quiet: supports QUIET_GAP_MS apart, so each is applied as it is taken (one commit).
 * A is a pool of supporters taking turns, to stay within the supports limit. Supports are 1
 * cent (the event's minimum), so each R$ 50,00 wallet covers every run. The clients share this
 * process; the backend runs in its own.
 */
export async function measureLiveLatency(): Promise<LiveLatency> {
  const backend = await startLocalBackendProcess();
  const creator = openClient(backend.url);
  const supporters = Array.from({ length: SUPPORTERS }, () => openClient(backend.url));
  let turn = 0;
  /** One event watched by `others` + 1 clients; `count` recorded supports, `gapMs` apart. */
  async function run(others: number, count: number, gapMs: number): Promise<Latency> {
    const eventId = await creator.mutation(
      api.events.create,
      eventInput({ name: `Latência com ${others} assinantes`, category: "Tecnologia", goalCents: 1_000_000, minSupportCents: 1 }),
    );
    const viewers = Array.from({ length: others + 1 }, () => openClient(backend.url));
    try {
      const [watcher, ...bystanders] = viewers.map((viewer) => watchRaised(viewer, eventId));
      if (watcher === undefined) throw new Error("no watching client");
      await Promise.all([watcher, ...bystanders].map((watch) => watch.untilRaised(0)));
      const samples: number[] = [];
      for (let i = 1; i <= WARMUP_SUPPORTS + count; i++) {
        if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
        const started = performance.now();
        const [, seenAt] = await Promise.all([
          supporters[turn++ % SUPPORTERS]!.mutation(api.supports.support, { eventId, amountCents: 1 }),
          watcher.untilRaised(i),
        ]);
        if (i > WARMUP_SUPPORTS) samples.push(seenAt - started);
      }
      return { otherSubscribers: others, samples: samples.length, ...percentiles(samples) };
    } finally {
      await Promise.all(viewers.map((viewer) => viewer.close()));
    }
  }
  try {
    await signIn(creator, "Criadora", "criadora@bench.example");
    for (const [n, supporter] of supporters.entries()) await signIn(supporter, `Apoiadora ${n}`, `apoiadora-${n}@bench.example`);
    const steady: Latency[] = [];
    for (const others of OTHER_SUBSCRIBERS) steady.push(await run(others, LATENCY_SUPPORTS, 0));
    return { steady, quiet: await run(QUIET_SUBSCRIBERS, QUIET_SUPPORTS, QUIET_GAP_MS) };
  } finally {
    await Promise.all([creator, ...supporters].map((client) => client.close()));
    backend.stop();
  }
}

export function openClient(url: string): ConvexClient {
  return new ConvexClient(url, {
    // Node 20 has no global WebSocket; the client accepts any compatible constructor.
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    unsavedChangesWarning: false,
  });
}

/** Signs in with the local provider over the WebSocket and waits until the backend accepts the token. */
export async function signIn(client: ConvexClient, name: string, email: string): Promise<void> {
  const token = await localSignInToken(client, name, email);
  await new Promise<void>((resolve, reject) => {
    client.setAuth(
      async () => token,
      (isAuthenticated) => (isAuthenticated ? resolve() : reject(new Error("the local backend refused the token"))),
    );
  });
}

/** Subscribes to an event and resolves, with the arrival time, once its raised amount reaches a value. */
function watchRaised(client: ConvexClient, eventId: string) {
  let raised = -1;
  let waiter: { target: number; resolve: (at: number) => void } | null = null;
  client.onUpdate(api.events.get, { id: eventId }, (event) => {
    raised = event?.raisedCents ?? -1;
    if (waiter !== null && raised >= waiter.target) {
      waiter.resolve(performance.now());
      waiter = null;
    }
  });
  return {
    untilRaised(target: number): Promise<number> {
      if (raised >= target) return Promise.resolve(performance.now());
      return new Promise((resolve) => (waiter = { target, resolve }));
    },
  };
}

/** Nearest-rank percentiles, in milliseconds. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(50), p95: at(95), p99: at(99) };
}
