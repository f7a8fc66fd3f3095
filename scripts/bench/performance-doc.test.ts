import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BENCH_PARTS } from "./parts";
import {
  generatePerformanceDocs,
  PERFORMANCE_DOC,
  PERFORMANCE_RESULTS_DOC,
  renderSummaryTable,
  SUMMARY_END,
  SUMMARY_START,
  withSummaryTable,
} from "./performance-doc";
import { RESULTS_FILE } from "./results-file";
import type { Row } from "./table";

const rows: Row[] = [
  {
    section: "weight",
    measure: "first load of /",
    result: "JS 117.2 kB",
    target: "JS ≤ 118 kB",
    status: "PASS",
    measured: "2026-11-28 19:16 UTC, load 0.7–1.8",
  },
  {
    section: "weight",
    measure: "first load of /event/:id",
    result: "JS 150 kB",
    target: "JS ≤ 140 kB",
    status: "FAIL",
    measured: "2026-11-29 03:00 UTC, load 9–12",
  },
  { section: "weight", measure: "whole build", result: "JS 305.8 kB" },
];

describe("the performance docs, generated from scripts/bench/results.json", () => {
  it("are what the results file makes them (run `npm run bench:docs` after editing it)", async () => {
    const generated = await generatePerformanceDocs(BENCH_PARTS);
    expect(readFileSync(PERFORMANCE_DOC, "utf8")).toBe(generated.summary);
    expect(readFileSync(PERFORMANCE_RESULTS_DOC, "utf8")).toBe(generated.results);
  });

  it("go stale when a figure in the results file changes", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bench-results-")), "results.json");
    copyFileSync(RESULTS_FILE, file);
    const results = JSON.parse(readFileSync(file, "utf8"));
    results.parts.bundle.measured = "2030-01-01 00:00 UTC, load 0.0–0.0";
    writeFileSync(file, JSON.stringify(results));
    const generated = await generatePerformanceDocs(BENCH_PARTS, file);
    expect(generated.results).toContain("2030-01-01 00:00 UTC, load 0.0–0.0");
    expect(readFileSync(PERFORMANCE_RESULTS_DOC, "utf8")).not.toBe(generated.results);
    expect(readFileSync(PERFORMANCE_DOC, "utf8")).not.toBe(generated.summary);
  });

  it("sum each section up: its rows, the targets met, the ones missed by name, the days measured", () => {
    const table = renderSummaryTable(rows);
    expect(table.split("\n")[0]).toMatch(/^\| Section +\| Rows +\| Missed +\| Measured +\|$/);
    expect(table).toContain("3 rows, 1 of 2 targets met");
    expect(table).toContain("missed: first load of /event/:id");
    expect(table).toContain("2026-11-28, 2026-11-29");
  });

  it("replace only what stands between the markers, and refuse a summary without them", () => {
    const doc = ["# Performance", "", "Prose before.", "", SUMMARY_START, "| old | table |", SUMMARY_END, "", "Prose after."].join("\n");
    const merged = withSummaryTable(doc, rows);
    expect(merged).not.toContain("| old | table |");
    expect(merged).toContain("Prose before.");
    expect(merged).toContain(`${SUMMARY_END}\n\nProse after.`);
    expect(merged).toContain("3 rows, 1 of 2 targets met");
    expect(() => withSummaryTable("# Performance\n", rows)).toThrow(/lacks the markers/);
  });
});
