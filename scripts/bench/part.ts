/**
 * What a part of the bench is. Each part is one file in parts/ (listed in parts/index.ts) that
 * holds its name, how it measures, its targets and the rows it writes into docs/performance.md;
 * main.ts runs them in turn.
 */
import type { Backend } from "./convex-backend";
import type { Catalogue } from "./fill";
import type { Row, Status } from "./table";

/** A part that could not run (say, the local backend failed to start, or --skip left it out), with why. */
export type NotMeasured = { notMeasured: string };

/** What the run gives every part: its options and its progress log. */
export type BenchContext = {
  /** The catalogue sizes, in events (--scales). */
  scales: number[];
  /** Lighthouse runs per page (--lighthouse-runs). */
  lighthouseRuns: number;
  log(message: string): void;
  /** A fresh convex-test backend holding a catalogue of `events` events (the last one filled is kept for the next part). */
  filledCatalogue(events: number): Promise<{ t: Backend; catalogue: Catalogue }>;
};

export type BenchPart<Result> = {
  /** What --only and --skip take, and its entry in results.json. */
  name: string;
  measure(context: BenchContext): Promise<Result>;
  /** The rows of a result, each with its target and PASS/FAIL where it has one; of a part not measured, the rows it fills, saying why. */
  rows(result: Result | NotMeasured): Row[];
};

/** A part of any result: main.ts hands `rows` only what the same part's `measure` gave. */
export type AnyBenchPart = { name: string; measure(context: BenchContext): Promise<unknown>; rows(result: unknown): Row[] };

export function benchPart<Result>(part: BenchPart<Result>): AnyBenchPart {
  return part as AnyBenchPart;
}

export const isNotMeasured = (result: unknown): result is NotMeasured =>
  typeof result === "object" && result !== null && "notMeasured" in result;

export const check = (ok: boolean): Status => (ok ? "PASS" : "FAIL");
