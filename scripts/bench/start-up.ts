import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import * as appMigrations from "../../convex/migrations";
import { filledDataFolder } from "./filled-data-folder";
import { startLocalBackendProcess, type RunningBackend } from "./local-backend-process";

/** The catalogue a developer's data folder may reach; the backend must start on it in seconds. */
export const START_UP_EVENTS = 50_000;
const POLL_MS = 100;

/** One start of the backend process on the folder. */
export type StartRun = {
  /** From starting the process until it prints that it is ready. */
  readyMs: number;
  /** From starting the process until the home page's first page of events and a name search have answered. */
  servedMs: number;
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

/**
 * A query function's answer over HTTP, as a client's first page load asks (no cache, no
 * subscription); with an admin key and a component path, as the CLI asks a component.
 */
async function query<T>(
  url: string,
  path: string,
  args: Record<string, unknown>,
  admin?: { adminKey: string; componentPath: string },
): Promise<T> {
  const response = await fetch(`${url}/api/query`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(admin === undefined ? {} : { Authorization: `Convex ${admin.adminKey}` }) },
    body: JSON.stringify({ path, args, format: "json", ...(admin === undefined ? {} : { componentPath: admin.componentPath }) }),
  });
  const body = (await response.json()) as { status: string; value?: T; errorMessage?: string };
  if (body.status !== "success") throw new Error(`${path}: ${body.errorMessage ?? response.status}`);
  return body.value as T;
}

/** The migrations component's view of them, asked as the CLI asks (`npx convex run --component migrations lib:getStatus`). */
async function migrationStates({ url, adminKey }: RunningBackend): Promise<MigrationStatus[]> {
  return (
    (await query<MigrationStatus[] | undefined>(
      url,
      "lib:getStatus",
      { names: MIGRATION_NAMES },
      { adminKey, componentPath: "migrations" },
    )) ?? []
  );
}

/** The peak resident set size (VmHWM) of a process, from Linux's /proc. */
function peakRss(pid: number): number {
  const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (kilobytes === undefined) throw new Error(`no VmHWM for process ${pid}`);
  return Number(kilobytes) * 1024;
}

/**
 * The first requests a developer's browser makes: the home page's first page of events, then
 * a search by name (its index of 1.2 million name rows is built on first use).
 */
async function serveFirstPage(url: string): Promise<void> {
  const paginationOpts = { numItems: 24, cursor: null };
  await query(url, "events:list", { paginationOpts });
  await query(url, "events:list", { name: "show", paginationOpts });
}

/** Starts the backend on `dataDir`, waits for its first answers and its migrations, and stops it as Ctrl-C would. */
async function startOnce(dataDir: string): Promise<StartRun> {
  const started = performance.now();
  const backend = await startLocalBackendProcess({ dataDir, startTimeoutMs: START_TIMEOUT_MS });
  try {
    const readyMs = performance.now() - started;
    await serveFirstPage(backend.url);
    const servedMs = performance.now() - started;
    for (;;) {
      if (performance.now() - started > START_TIMEOUT_MS) {
        throw new Error(`ready after ${(readyMs / 1000).toFixed(1)} s; migrations not done after ${START_TIMEOUT_MS / 60_000} min`);
      }
      const states = await migrationStates(backend).catch((error: unknown) => {
        // A keep-alive connection the backend dropped while busy (writing a snapshot of the
        // whole folder takes seconds at this size): ask again.
        if (error instanceof TypeError) return [];
        throw error;
      });
      const failed = states.find(({ state }) => state === "failed" || state === "canceled");
      if (failed !== undefined) throw new Error(`migration ${failed.name} ${failed.state}`);
      if (states.length === MIGRATION_NAMES.length && states.every(({ state }) => state === "success")) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const migratedMs = performance.now() - started;
    return { readyMs, servedMs, migratedMs, peakRssBytes: peakRss(backend.pid) };
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
