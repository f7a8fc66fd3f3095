import { expect, it } from "vitest";
import { ReadSet, type WrittenDocument } from "../../local-backend/index.ts";
import { simulateOcc, type Footprint } from "./occ-simulation.ts";

function written(id: string): WrittenDocument {
  const document = { _id: id, _creationTime: 1 };
  return { component: "", table: "t", id, before: document, after: document };
}

/** A call that reads and writes `shared` (if any) and its own document. */
function footprint(own: string, shared?: string): Footprint {
  const reads = new ReadSet();
  reads.addDocument("", own);
  if (shared !== undefined) reads.addDocument("", shared);
  return { reads, writes: [written(own), ...(shared === undefined ? [] : [written(shared)])] };
}

const people = (n: number, shared?: string) => Array.from({ length: n }, (_, i) => footprint(`u${i}`, shared));

it("never fails calls that share nothing, whatever the rate", () => {
  const result = simulateOcc({ transactionMs: 25, calls: { ratePerSecond: 2_000, footprints: people(1_000) }, count: 5_000 });
  expect(result.failed).toBe(0);
  expect(result.conflictsPerCall).toBe(0);
  expect(result.answer.p99).toBeLessThanOrEqual(25 * 1.5);
});

it("fails calls on one shared document once the rate passes about one per transaction time", () => {
  const slow = simulateOcc({ transactionMs: 25, calls: { ratePerSecond: 5, footprints: people(1_000, "event") }, count: 500 });
  const fast = simulateOcc({ transactionMs: 25, calls: { ratePerSecond: 500, footprints: people(1_000, "event") }, count: 2_000 });
  expect(slow.failureRate).toBeLessThan(0.01);
  expect(fast.failureRate).toBeGreaterThan(0.5);
  expect(fast.conflictsPerCall).toBeGreaterThan(slow.conflictsPerCall);
});

it("with a queue worker, answers at once and applies every call in batches", () => {
  const result = simulateOcc({
    transactionMs: 25,
    calls: { ratePerSecond: 500, footprints: people(1_000) },
    count: 2_000,
    worker: { batchSize: 100, minAgeMs: 100, batchWrites: [footprint("event")], idleWrites: footprint("event") },
  });
  expect(result.failed).toBe(0);
  expect(result.applied!.p50).toBeGreaterThanOrEqual(100);
  expect(result.applied!.p99).toBeLessThan(1_000);
});
