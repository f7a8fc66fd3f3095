import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { api } from "../../convex/_generated/api";
import { eventInput } from "../../test-kit/event-input";
import { ackSpread, type AckSpread } from "./ack-spread";
import { openClient, percentiles, signIn } from "./latency";
import { startLocalBackendProcess } from "./local-backend-process";

export const CONCURRENT_SUPPORTS = 1_000;
/** Supports are limited to 20 per person per minute (convex/model/core/rateLimits.ts). */
const SUPPORTS_PER_PERSON = 20;

export type AckLatency = {
  storage: "in memory" | "data folder";
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  /** Milliseconds from the first call to the last one sent: the storm starts all at once. */
  sendingMs: number;
  spread: AckSpread;
};

/**
 * Acknowledgement latency under a burst: 50 signed-in clients send 20 supports each,
 * all at once, and each is timed from its call to its promise resolving (the response and the Transition
 * that confirms it). With a data folder every acknowledgement waits for its commit's fsync, so
 * this shows whether commits are saved and answered in groups as they go or only at the end.
 * Each acknowledgement's time since the first call also goes into the spread: the share that
 * arrived in each tenth of the storm, which shows acknowledgements bunching at its end.
 */
export async function measureAckLatency(): Promise<AckLatency[]> {
  const results: AckLatency[] = [];
  for (const storage of ["in memory", "data folder"] as const) {
    const dataDir = storage === "data folder" ? await mkdtemp(path.join(tmpdir(), "apoie-bench-")) : null;
    const backend = await startLocalBackendProcess({ dataDir });
    const creator = openClient(backend.url);
    const supporters = Array.from({ length: CONCURRENT_SUPPORTS / SUPPORTS_PER_PERSON }, () => openClient(backend.url));
    try {
      await signIn(creator, "Criadora", "criadora@bench.example");
      await Promise.all(supporters.map((supporter, n) => signIn(supporter, `Apoiadora ${n}`, `apoiadora${n}@bench.example`)));
      const eventId = await creator.mutation(
        api.events.create,
        eventInput({ name: "Rajada de apoios", category: "Tecnologia", goalCents: 1_000_000, minSupportCents: 1 }),
      );
      const stormStarted = performance.now();
      const calls = supporters.flatMap((supporter) =>
        Array.from({ length: SUPPORTS_PER_PERSON }, async () => {
          const started = performance.now();
          await supporter.mutation(api.supports.support, { eventId, amountCents: 1 });
          const acknowledged = performance.now();
          return { latency: acknowledged - started, sinceStorm: acknowledged - stormStarted };
        }),
      );
      const sendingMs = performance.now() - stormStarted;
      const acks = await Promise.all(calls);
      results.push({
        storage,
        samples: acks.length,
        ...percentiles(acks.map((ack) => ack.latency)),
        sendingMs,
        spread: ackSpread(acks.map((ack) => ack.sinceStorm)),
      });
    } finally {
      await Promise.all([creator, ...supporters].map((client) => client.close()));
      // Its data folder is removed only once it has exited: its shutdown snapshot is written into it.
      await backend.stopped();
      if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}
