/**
 * `npm run bench`: what the app costs at scale. Runs each part of the bench (parts/, one file
 * each) in turn, prints their tables on stdout, writes scripts/bench/results.json
 * (results-file.ts), keeping the entries of the parts it did not run, and generates the docs
 * from it (performance-doc.ts); progress goes to stderr.
 *
 *   npm run bench                                   # 1,000, 10,000 and 50,000 events, everything
 *   npm run bench -- --scales 1000 --skip latency   # a quick run while developing
 *   npm run bench -- --lighthouse-runs 1            # one Lighthouse run per page instead of the median of 3
 *   npm run bench -- --only own-bar,latency         # those parts alone (the others' rows stay as they are)
 * Exits with 1 when a page's first-load JavaScript is above its target (scripts/bench/bundle-size.ts).
 * `npm run bench -- --help` lists the parts --skip and --only take.
 */
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { newBackend, type Backend } from "./convex-backend";
import { fillCatalogue, type Catalogue } from "./fill";
import { checkFillMatchesInsertEvent } from "./fill-check";
import { isNotMeasured, type AnyBenchPart, type BenchContext, type NotMeasured } from "./part";
import { BENCH_PARTS } from "./parts";
import { writePerformanceDocs } from "./performance-doc";
import { recordRun, RESULTS_FILE, type PartResult } from "./results-file";
import { renderSections, type Row } from "./table";

const NAMES = BENCH_PARTS.map((part) => part.name);
const { values } = parseArgs({
  options: {
    scales: { type: "string", default: "1000,10000,50000" },
    skip: { type: "string", default: "" },
    only: { type: "string", default: "" },
    "lighthouse-runs": { type: "string", default: "3" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(
    `npm run bench -- [--scales 1000,10000,50000] [--skip part,…] [--only part,…] [--lighthouse-runs 3]\nParts: ${NAMES.join(", ")}`,
  );
  process.exit(0);
}
const scales = values.scales.split(",").map(Number);
const listed = (text: string) => text.split(",").filter(Boolean);
const unknown = [...listed(values.only), ...listed(values.skip)].filter((name) => !NAMES.includes(name));
if (unknown.length > 0) throw new Error(`unknown parts: ${unknown.join(", ")} (parts: ${NAMES.join(", ")})`);
// Whole thousands keep the catalogue's shares exact (1% named, 200 owned events).
if (scales.some((n) => !Number.isInteger(n) || n < 1000 || n % 1000 !== 0)) throw new Error("--scales takes multiples of 1000");
const only = values.only === "" ? null : new Set(listed(values.only));
const skipped = (name: string) => listed(values.skip).includes(name) || (only !== null && !only.has(name));

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/**
 * The last catalogue filled, for the next part that needs one of that size (the list part fills
 * every scale, the functions part measures on the largest). One at a time: convex-test scans the
 * whole database on every index read, so a smaller scale on a reused backend would only be slower.
 */
let filled: { events: number; t: Backend; catalogue: Catalogue } | null = null;
/** The bench's fill writes what the app's own insert writes: checked once, before the first fill. */
let fillChecked: Promise<void> | null = null;
const context: BenchContext = {
  scales,
  lighthouseRuns: Number(values["lighthouse-runs"]),
  log,
  async filledCatalogue(events) {
    if (filled?.events !== events) {
      filled = null;
      fillChecked ??= checkFillMatchesInsertEvent();
      await fillChecked;
      const t = await newBackend();
      log(`filling ${events.toLocaleString("en")} events`);
      filled = { events, t, catalogue: await fillCatalogue(t, events) };
    }
    return filled;
  },
};

/** Runs one part; a failure becomes "not measured" with its reason instead of ending the run. */
async function run(part: AnyBenchPart): Promise<unknown> {
  if (skipped(part.name)) return { notMeasured: "skipped (--skip)" } satisfies NotMeasured;
  log(`measuring ${part.name}`);
  try {
    return await part.measure(context);
  } catch (error) {
    log(`${part.name} failed: ${String(error)}`);
    return { notMeasured: String(error instanceof Error ? error.message : error).split("\n")[0] ?? "failed" } satisfies NotMeasured;
  }
}

const started = Date.now();
// The 1-minute load average while the bench runs: the machine is shared, and its load moves
// every timing (Lighthouse's most).
const loads = [loadavg()[0] ?? 0];
const sampling = setInterval(() => loads.push(loadavg()[0] ?? 0), 5_000);
const measuredNow = new Map<AnyBenchPart, unknown>();
for (const part of BENCH_PARTS) measuredNow.set(part, await run(part));
filled = null;
clearInterval(sampling);
loads.push(loadavg()[0] ?? 0);

const measuredAt = new Date(started).toISOString().replace("T", " ").slice(0, 16);
const stamp = `${measuredAt} UTC, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
const stamped = (row: Row): Row => (row.result.startsWith("not measured") ? row : { ...row, measured: stamp });
const rows = [...measuredNow].flatMap(([part, result]) => part.rows(result).map(stamped));
console.log(renderSections(rows));

const measuredParts: Record<string, PartResult> = {};
for (const [part, result] of measuredNow) {
  if (!isNotMeasured(result)) measuredParts[part.name] = { measured: stamp, result };
}
recordRun(BENCH_PARTS, measuredParts, {
  measuredAt: new Date(started).toISOString(),
  durationSeconds: Math.round((Date.now() - started) / 1000),
  // The load average says how much other work shared the CPUs, which skews latency most.
  machine: {
    node: process.version,
    cpus: cpus().length,
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
    loadDuringRun: { min: Number(Math.min(...loads).toFixed(2)), max: Number(Math.max(...loads).toFixed(2)) },
  },
  scales,
  measured: Object.keys(measuredParts),
});
log(`wrote ${RESULTS_FILE}`);
await writePerformanceDocs(BENCH_PARTS);
log("wrote docs/performance.md's table and docs/performance-results.md");

// A page heavier than its first-load target fails the run (as it fails `npm test`).
const overweight = rows.filter((row) => row.section === "weight" && row.status === "FAIL");
if (overweight.length > 0) {
  log(`first load above its target: ${overweight.map((row) => row.measure).join(", ")}`);
  process.exitCode = 1;
}

// The parts' convex-test backends keep their scheduled functions' timers (such as an event's
// start, days away), which would keep this process alive for days: the run is over.
process.exit();
