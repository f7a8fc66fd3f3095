import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import * as appMigrations from "../../convex/migrations";
import { filledDataFolder } from "./filled-data-folder";
import { count } from "./format";
import { startLocalBackendProcess, type RunningBackend } from "./local-backend-process";
import type { Row } from "./table";

/** The catalogue a developer's data folder may reach; the backend must start on it in seconds. */
export const START_UP_EVENTS = 50_000;
const POLL_MS = 100;

/** One start of the backend process on the folder. */
export type StartRun = {
  /** From starting the process until it prints that it is ready. */
  readyMs: number;
  /** From starting the process until every start-up migration is done (asked as the CLI asks). */
  migratedMs: number;
  /** The backend process's peak resident memory through all of it. */
  peakRssBytes: number;
};
/** The first start migrates the folder; the second, on the folder the first left, has nothing to migrate. */
export type StartUp = { events: number; first: StartRun; second: StartRun };

/** A start on 50,000 events reads the whole snapshot before it is ready: more than the usual minute on a busy machine. */
const START_TIMEOUT_MS = 30 * 60_000;

/**
 * The data migrations of convex/migrations.ts, by function path: every export but the
 * `Migrations` object and its runner (`runAll`, which the backend calls at each start).
 */
const MIGRATION_NAMES = Object.keys(appMigrations)
  .filter((name) => name !== "migrations" && name !== "runAll")
  .map((name) => `migrations:${name}`);

type MigrationStatus = { name: string; state: string };

/** The migrations component's view of them, asked as the CLI asks (`npx convex run --component migrations lib:getStatus`). */
async function migrationStates({ url, adminKey }: RunningBackend): Promise<MigrationStatus[]> {
  const response = await fetch(`${url}/api/query`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Convex ${adminKey}` },
    body: JSON.stringify({ path: "lib:getStatus", componentPath: "migrations", args: { names: MIGRATION_NAMES }, format: "json" }),
  });
  const body = (await response.json()) as { status: string; value?: MigrationStatus[]; errorMessage?: string };
  if (body.status !== "success") throw new Error(`migration status: ${body.errorMessage ?? response.status}`);
  return body.value ?? [];
}

/** The peak resident set size (VmHWM) of a process, from Linux's /proc. */
function peakRss(pid: number): number {
  const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (kilobytes === undefined) throw new Error(`no VmHWM for process ${pid}`);
  return Number(kilobytes) * 1024;
}

/** Starts the backend on `dataDir`, waits for its migrations, and stops it as Ctrl-C would. */
async function startOnce(dataDir: string): Promise<StartRun> {
  const started = performance.now();
  const backend = await startLocalBackendProcess({ dataDir, startTimeoutMs: START_TIMEOUT_MS });
  try {
    const readyMs = performance.now() - started;
    for (;;) {
      if (performance.now() - started > START_TIMEOUT_MS) {
        throw new Error(`ready after ${(readyMs / 1000).toFixed(1)} s; migrations not done after ${START_TIMEOUT_MS / 60_000} min`);
      }
      const states = await migrationStates(backend);
      const failed = states.find(({ state }) => state === "failed" || state === "canceled");
      if (failed !== undefined) throw new Error(`migration ${failed.name} ${failed.state}`);
      if (states.length === MIGRATION_NAMES.length && states.every(({ state }) => state === "success")) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const migratedMs = performance.now() - started;
    return { readyMs, migratedMs, peakRssBytes: peakRss(backend.pid) };
  } finally {
    await backend.stopped();
  }
}

/**
 * The backend started, in its own process as `npm run backend:local` would, on a data folder
 * of the bench catalogue that has never been migrated (filled through the engine, like a
 * folder from an older version of the app), then once more on the folder it left: how long
 * until it is ready, until its start-up migrations are done, and its peak memory.
 */
export async function measureStartUp(events = START_UP_EVENTS): Promise<StartUp> {
  const { dataDir } = await filledDataFolder(events);
  try {
    const first = await startOnce(dataDir);
    const second = await startOnce(dataDir);
    return { events, first, second };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The local backend must start on START_UP_EVENTS events, migrations done, within these. */
const MAX_START_UP_MS = 10_000;
const MAX_PEAK_RSS_BYTES = 1.5 * 2 ** 30;
/** Before the index range reads began at a page's cursor, the migration alone took about 13.5 minutes. */
const BEFORE_START_UP = "migrations ~13.5 min";

export function startUpRows(result: StartUp | { notMeasured: string }): Row[] {
  const section = "dev";
  const measure = (which: string) =>
    `local backend start, ${count(START_UP_EVENTS)} events, ${which}: ready / migrations done, peak memory`;
  const target = `done ≤ ${MAX_START_UP_MS / 1000} s, ≤ ${MAX_PEAK_RSS_BYTES / 2 ** 30} GB`;
  const runs: [string, string][] = [
    ["never migrated", BEFORE_START_UP],
    ["migrated before", ""],
  ];
  if ("notMeasured" in result)
    return runs.map(([which]) => ({ section, measure: measure(which), result: `not measured: ${result.notMeasured}`, target }));
  const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
  return [result.first, result.second].map((run, i) => {
    const [which, original] = runs[i]!;
    return {
      section,
      measure: measure(which),
      result: `${seconds(run.readyMs)} / ${seconds(run.migratedMs)}, ${(run.peakRssBytes / 2 ** 20).toFixed(0)} MB`,
      ...(original === "" ? {} : { original }),
      target,
      status: run.migratedMs <= MAX_START_UP_MS && run.peakRssBytes <= MAX_PEAK_RSS_BYTES ? "PASS" : "FAIL",
    };
  });
}
