/**
 * `npm run bench`: what the app costs at scale. Prints its tables on stdout, merges the rows
 * it measured into docs/performance.md (scripts/bench/performance-doc.ts) and writes
 * bench/results.json; progress goes to stderr.
 *
 *   npm run bench                                   # 1,000, 10,000 and 50,000 events, everything
 *   npm run bench -- --scales 1000 --skip latency   # a quick run while developing
 *   npm run bench -- --lighthouse-runs 1            # one Lighthouse run per page instead of the median of 3
 *   npm run bench -- --only own-bar,latency         # those parts alone (the others' rows stay as they are)
 * Exits with 1 when a page's first-load JavaScript is above its target (scripts/bench/bundle-size.ts).
 * Parts that --skip and --only take: list, functions, settlement, notifications, own-bar, latency, ack-latency,
 * persisted-support, bundle, lighthouse, hot-event, save-to-browser, start-up, pix-deposit, ticket-rush.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Id } from "../../convex/_generated/dataModel";
import { measureAckLatency } from "./ack-latency";
import { measureBundle } from "./bundle-size";
import { newBackend } from "./convex-backend";
import { fillCatalogue } from "./fill";
import { checkFillMatchesInsertEvent } from "./fill-check";
import { measureFunctionCosts, type FunctionCost } from "./function-cost";
import { measureHotEvent } from "./hot-event";
import { measureLiveLatency } from "./latency";
import { measureOwnBar } from "./own-bar";
import { measureLighthouse } from "./lighthouse";
import { measureListCosts, type ListCost } from "./list-cost";
import { measurePixDeposit } from "./pix-deposit";
import { measurePersistedSupport } from "./persisted-support";
import { measureSaveToBrowser } from "./save-to-browser";
import { measureNotificationFanOut } from "./notification-cost";
import { measureSessionCheck, type SessionCheckCost } from "./session-check";
import { measureSettlement } from "./settlement-cost";
import { measureStartUp } from "./start-up";
import { measureTicketRush } from "./ticket-rush";
import { measureTimelineCost } from "./timeline-cost";
import { reportRows, type NotMeasured, type Results } from "./report";
import { writePerformanceDoc } from "./performance-doc";
import { renderSections } from "./table";

const RESULTS_FILE = fileURLToPath(new URL("../../bench/results.json", import.meta.url));

const { values } = parseArgs({
  options: {
    scales: { type: "string", default: "1000,10000,50000" },
    skip: { type: "string", default: "" },
    only: { type: "string", default: "" },
    "lighthouse-runs": { type: "string", default: "3" },
    help: { type: "boolean", default: false },
  },
});
const scales = values.scales.split(",").map(Number);
const PARTS = [
  "list",
  "functions",
  "settlement",
  "notifications",
  "own-bar",
  "latency",
  "ack-latency",
  "persisted-support",
  "bundle",
  "lighthouse",
  "hot-event",
  "save-to-browser",
  "start-up",
  "pix-deposit",
  "ticket-rush",
] as const;
if (values.help) {
  console.log(
    `npm run bench -- [--scales 1000,10000,50000] [--skip part,…] [--only part,…] [--lighthouse-runs 3]\nParts: ${PARTS.join(", ")}`,
  );
  process.exit(0);
}
const only = values.only === "" ? null : new Set(values.only.split(","));
const unknown = [...(only ?? []), ...values.skip.split(",").filter(Boolean)].filter((part) => !(PARTS as readonly string[]).includes(part));
if (unknown.length > 0) throw new Error(`unknown parts: ${unknown.join(", ")} (parts: ${PARTS.join(", ")})`);
const skip = new Set<string>([...values.skip.split(","), ...PARTS.filter((part) => only !== null && !only.has(part))]);
// Whole thousands keep the catalogue's shares exact (1% named, 200 owned events).
if (scales.some((n) => !Number.isInteger(n) || n < 1000 || n % 1000 !== 0)) throw new Error("--scales takes multiples of 1000");

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

async function measureCosts(): Promise<{ listCosts: ListCost[]; functionCosts: FunctionCost[]; sessionCheck: SessionCheckCost | null }> {
  const listCosts: ListCost[] = [];
  let functionCosts: FunctionCost[] = [];
  let sessionCheck: SessionCheckCost | null = null;
  const largest = Math.max(...scales);
  if (skip.has("list") && skip.has("functions")) return { listCosts, functionCosts, sessionCheck };
  await checkFillMatchesInsertEvent();
  // Without the list part only the largest catalogue is filled (the other functions are measured there).
  for (const events of skip.has("list") ? [largest] : scales) {
    // A fresh backend per scale: convex-test scans the whole database on every index read,
    // so reusing one would only slow the smaller scales down.
    const t = await newBackend();
    log(`filling ${events.toLocaleString("en")} events`);
    const catalogue = await fillCatalogue(t, events);
    if (!skip.has("list")) {
      log(`measuring events:list at ${events.toLocaleString("en")} events`);
      listCosts.push(...(await measureListCosts(t, catalogue)));
    }
    if (events === largest && !skip.has("functions")) {
      log(`measuring the other functions at ${events.toLocaleString("en")} events`);
      functionCosts = await measureFunctionCosts(t, catalogue);
      log("measuring events:timeline at 10,000 supports");
      functionCosts.push(await measureTimelineCost(t, catalogue.eventIds[1] as Id<"events">));
      log("measuring the session check of every signed-in call");
      sessionCheck = await measureSessionCheck(t, catalogue.ownerId);
    }
  }
  return { listCosts, functionCosts, sessionCheck };
}

/** Runs an optional part; a failure becomes "not measured" with its reason instead of ending the run. */
async function optional<T>(name: string, run: () => Promise<T> | T): Promise<T | NotMeasured> {
  if (skip.has(name)) return { notMeasured: "skipped (--skip)" };
  log(`measuring ${name}`);
  try {
    return await run();
  } catch (error) {
    log(`${name} failed: ${String(error)}`);
    return { notMeasured: String(error instanceof Error ? error.message : error).split("\n")[0] ?? "failed" };
  }
}

const started = Date.now();
// The 1-minute load average while the bench runs: the machine is shared, and its load moves
// every timing (Lighthouse's most).
const loads = [loadavg()[0] ?? 0];
const sampling = setInterval(() => loads.push(loadavg()[0] ?? 0), 5_000);
const results: Results = {
  ...(await measureCosts()),
  settlement: await optional("settlement", measureSettlement),
  notifications: await optional("notifications", measureNotificationFanOut),
  ownBar: await optional("own-bar", () => measureOwnBar(log)),
  latency: await optional("latency", measureLiveLatency),
  ackLatency: await optional("ack-latency", measureAckLatency),
  // 1,000 and 50,000 events: the smallest and largest catalogue measured.
  persistedSupport: await optional("persisted-support", () =>
    measurePersistedSupport([...new Set([Math.min(...scales), Math.max(...scales)])]),
  ),
  bundle: await optional("bundle", measureBundle),
  lighthouse: await optional("lighthouse", () => measureLighthouse(Number(values["lighthouse-runs"]))),
  hotEvent: await optional("hot-event", () => measureHotEvent(log)),
  saveToBrowser: await optional("save-to-browser", () => measureSaveToBrowser(log)),
  startUp: await optional("start-up", () => measureStartUp()),
  ticketRush: await optional("ticket-rush", () => measureTicketRush(log)),
  pixDeposit: await optional("pix-deposit", measurePixDeposit),
};
clearInterval(sampling);
loads.push(loadavg()[0] ?? 0);
const measuredAt = new Date(started).toISOString().replace("T", " ").slice(0, 16);
const stamp = `${measuredAt} UTC, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
const rows = reportRows(results).map((row) => (row.result.startsWith("not measured") ? row : { ...row, measured: stamp }));
console.log(renderSections(rows));
await writePerformanceDoc(rows);
log("merged the measured rows into docs/performance.md");

mkdirSync(dirname(RESULTS_FILE), { recursive: true });
writeFileSync(
  RESULTS_FILE,
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      durationSeconds: Math.round((Date.now() - started) / 1000),
      // The load average says how much other work shared the CPUs, which skews latency most.
      machine: {
        node: process.version,
        cpus: cpus().length,
        loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
        loadDuringRun: { min: Number(Math.min(...loads).toFixed(2)), max: Number(Math.max(...loads).toFixed(2)) },
      },
      // Every call above ran under convex-test's enforcement of Convex's per-transaction limits.
      transactionLimits: true,
      scales,
      ...results,
      table: rows,
    },
    null,
    2,
  )}\n`,
);
log(`wrote ${RESULTS_FILE}`);

// A page heavier than its first-load target fails the run (as it fails `npm test`).
const overweight = rows.filter((row) => row.section === "weight" && row.status === "FAIL");
if (overweight.length > 0) {
  log(`first load above its target: ${overweight.map((row) => row.measure).join(", ")}`);
  process.exitCode = 1;
}
