import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { api } from "../../convex/_generated/api";
import { openClient, percentiles, signIn } from "./latency";
import { startLocalBackendProcess } from "./local-backend-process";

export const CONCURRENT_SUPPORTS = 1_000;
const DAY = 24 * 60 * 60 * 1000;

export type AckLatency = { storage: "in memory" | "data folder"; samples: number; p50: number; p95: number; p99: number };

/**
 * Acknowledgement latency under a burst (issue 17): one client sends 1,000 supports at once
 * and each is timed from its call to its promise resolving (the response and the Transition
 * that confirms it). With a data folder every acknowledgement waits for its commit's fsync, so
 * this shows whether commits are saved and answered in groups as they go or only at the end.
 */
export async function measureAckLatency(): Promise<AckLatency[]> {
  const results: AckLatency[] = [];
  for (const storage of ["in memory", "data folder"] as const) {
    const dataDir = storage === "data folder" ? await mkdtemp(path.join(tmpdir(), "apoie-bench-")) : null;
    const backend = await startLocalBackendProcess({ dataDir });
    const [creator, supporter] = [openClient(backend.url), openClient(backend.url)];
    try {
      await signIn(creator, "Criadora", "criadora@bench.example");
      await signIn(supporter, "Apoiadora", "apoiadora@bench.example");
      const eventId = await creator.mutation(api.events.create, {
        name: "Rajada de apoios",
        category: "Tecnologia",
        startsAt: Date.now() + 7 * DAY,
        goalCents: 1_000_000,
        minSupportCents: 1,
        goalPercentage: 100,
        isTicketed: false,
      });
      const samples = await Promise.all(
        Array.from({ length: CONCURRENT_SUPPORTS }, async () => {
          const started = performance.now();
          await supporter.mutation(api.supports.support, { eventId, amountCents: 1 });
          return performance.now() - started;
        }),
      );
      results.push({ storage, samples: samples.length, ...percentiles(samples) });
    } finally {
      await Promise.all([creator.close(), supporter.close()]);
      backend.stop();
      if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}
