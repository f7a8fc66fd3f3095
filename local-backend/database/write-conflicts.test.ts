/** The pause before each retry after a write conflict is Convex's (`Backoff::fail` with the OCC knobs). */
import { expect, it } from "vitest";
import { backoffMs, MAX_CONFLICT_RETRIES } from "./write-conflicts.ts";

it("draws each retry's pause below 100 ms, then 200, 400, 800, capped at 2 s, from zero up (full jitter)", () => {
  expect(MAX_CONFLICT_RETRIES).toBe(4);
  const highest = (retry: number) => backoffMs(retry, () => 1);
  expect([0, 1, 2, 3, 4, 5, 10].map(highest)).toEqual([100, 200, 400, 800, 1600, 2000, 2000]);
  expect(backoffMs(3, () => 0)).toBe(0);
  expect(backoffMs(1, () => 0.25)).toBe(50);
});
