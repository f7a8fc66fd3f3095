import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { benchPart, isNotMeasured } from "./part";
import { BENCH_PARTS } from "./parts";
import { readPartResults, recordRun, type RunInfo } from "./results-file";

const part = (name: string) =>
  benchPart<{ value: number }>({
    name,
    measure: async () => ({ value: 1 }),
    rows: (result) => [
      {
        section: "dev",
        measure: `${name} figure`,
        result: isNotMeasured(result) ? `not measured: ${result.notMeasured}` : String(result.value),
      },
    ],
  });
const run = (measured: string[]): RunInfo => ({
  measuredAt: "2026-11-28T18:00:00.000Z",
  durationSeconds: 1,
  machine: { node: "v20", cpus: 2, loadAverage: [0, 0, 0], loadDuringRun: { min: 0, max: 0 } },
  scales: [1000],
  measured,
});

describe("scripts/bench/results.json", () => {
  it("keeps the parts a run did not measure, writes the ones it did, and every part's rows in the bench's order", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bench-results-")), "results.json");
    const parts = [part("first"), part("second")];
    recordRun(
      parts,
      { first: { measured: "run 1", result: { value: 10 } }, second: { measured: "run 1", result: { value: 20 } } },
      run(["first", "second"]),
      file,
    );
    // A later run of `--only second`.
    recordRun(parts, { second: { measured: "run 2", result: { value: 21 } } }, run(["second"]), file);
    const written = JSON.parse(readFileSync(file, "utf8"));
    expect(written.parts).toEqual({
      first: { measured: "run 1", result: { value: 10 } },
      second: { measured: "run 2", result: { value: 21 } },
    });
    expect(written.table).toEqual([
      { section: "dev", measure: "first figure", result: "10", measured: "run 1" },
      { section: "dev", measure: "second figure", result: "21", measured: "run 2" },
    ]);
    expect(written.lastRun.measured).toEqual(["second"]);
  });

  it("reads no parts where there is no file yet", () => {
    expect(readPartResults(path.join(tmpdir(), "no-such-bench-results.json"))).toEqual({});
  });

  it("gives every part its own name, and the kept file's entries are parts of the bench", () => {
    const names = BENCH_PARTS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of Object.keys(readPartResults())) expect(names).toContain(name);
  });
});
