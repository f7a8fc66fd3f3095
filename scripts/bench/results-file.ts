/**
 * scripts/bench/results.json: every figure of the last run of each part, with when and under
 * what load it was measured. A run writes the parts it measured and keeps the others' entries
 * as they were, so `--only bundle` leaves the Lighthouse figures of the last full run in place.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { AnyBenchPart } from "./part";
import type { Row } from "./table";

export const RESULTS_FILE = fileURLToPath(new URL("./results.json", import.meta.url));

/** One part's last measurement: `measured` is the run's stamp (its time and load, as in docs/performance.md). */
export type PartResult = { measured: string; result: unknown };

/** What the run that wrote the file ran on, and for how long. */
export type RunInfo = {
  measuredAt: string;
  durationSeconds: number;
  machine: { node: string; cpus: number; loadAverage: number[]; loadDuringRun: { min: number; max: number } };
  scales: number[];
  /** The parts that run measured. */
  measured: string[];
};

type ResultsFile = {
  lastRun: RunInfo;
  /** Every call ran under convex-test's enforcement of Convex's per-transaction limits. */
  transactionLimits: true;
  parts: Record<string, PartResult>;
  /** Every part's rows, as the docs' tables show them. */
  table: Row[];
};

/** The parts' entries of the file as it is (none when there is no file yet). */
export function readPartResults(file = RESULTS_FILE): Record<string, PartResult> {
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, "utf8")) as Partial<ResultsFile>).parts ?? {};
}

/** Writes the file: the parts this run measured over the entries it kept, in the bench's order, and every part's rows. */
export function recordRun(parts: readonly AnyBenchPart[], measured: Record<string, PartResult>, run: RunInfo, file = RESULTS_FILE) {
  const results = { ...readPartResults(file), ...measured };
  const ordered: Record<string, PartResult> = {};
  const table: Row[] = [];
  for (const part of parts) {
    const entry = results[part.name];
    if (entry === undefined) continue;
    ordered[part.name] = entry;
    table.push(...part.rows(entry.result).map((row) => ({ ...row, measured: entry.measured })));
  }
  const content: ResultsFile = { lastRun: run, transactionLimits: true, parts: ordered, table };
  writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
}
