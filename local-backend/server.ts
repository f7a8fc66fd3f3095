/**
 * Starts the local backend: JWT keys and environment, the engine with its data, the main port
 * (WebSocket sync + HTTP API) and the site port (HTTP actions), and the convex/ watcher.
 */
import { watch, type FSWatcher } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTokenVerifier, generateAuthKeys, loadOrCreateAuthKeys, type AuthKeys } from "./functions/auth-keys.ts";
import { cacheVerifiedTokens } from "./functions/verified-tokens.ts";
import { adminKeyCheck } from "./front/cli/admin-auth.ts";
import { createCliSupport } from "./front/cli/cli-support.ts";
import { EnvironmentVariables } from "./front/cli/environment-variables.ts";
import { functionLog } from "./functions/logs/execution-log.ts";
import { handleCliApiRequest } from "./front/cli/routes.ts";
import { registerComponents } from "./functions/components/components.ts";
import { readIdsWith } from "./database/convex-test-adapter.ts";
import type { EngineInstance } from "./functions/engine-instance.ts";
import { registerPushedComponents } from "./functions/push/components.ts";
import { loadPush } from "./functions/push/load-push.ts";
import { declareAppVariables, isolateFunctionEnvironment } from "./functions/deployment-environment.ts";
import { declaredEnvironment } from "./functions/components/evaluate-definitions.ts";
import { PushStore } from "./functions/push/push-store.ts";
import { pushRoutes } from "./front/cli/push-routes.ts";
import { DashboardAccess } from "./front/dashboard/access.ts";
import { handleDashboardRequest } from "./front/dashboard/dashboard.ts";
import { FunctionRunner } from "./functions/function-runner.ts";
import type { RuntimeLimits } from "./functions/runtime/runtime-limits.ts";
import type { ConflictListener } from "./database/write-conflicts.ts";
import { ConflictProfiler, type ProfilerOptions, type TransactionObserver } from "./functions/profiler/conflict-profiler.ts";
import { FunctionError } from "./functions/function-error.ts";
import { diskFileStore, memoryFileStore } from "./front/files/file-store.ts";
import { DEFAULT_MAX_UPLOAD_BYTES, FileStorage } from "./front/files/storage.ts";
import { handleApiRequest, handleSiteRequest } from "./front/http-api.ts";
import { isModuleFile, loadModules, noModules } from "./functions/modules.ts";
import { loadSnapshot } from "./database/storage/database-file.ts";
import { GroupCommitWriter, type DiskWriteHook } from "./database/storage/group-commit.ts";
import { JournalFile, readJournal } from "./database/storage/journal-file.ts";
import { CronRunner } from "./functions/scheduler/crons.ts";
import { DurableScheduler } from "./functions/scheduler/scheduler.ts";
import { SyncSession } from "./front/sync/sync-session.ts";
import { acceptSyncConnections } from "./front/sync/sync-sockets.ts";
import { closeServer, listen, refuseForeignHosts, unavailableUntilServed } from "./front/http-servers.ts";
import { SubscriptionIndex } from "./front/sync/subscription-index.ts";
import { generateAdminKey, loadOrCreateAdminKey } from "./front/security/admin-key.ts";
import { hostCheck } from "./front/security/host-check.ts";
import { dropCounterRefreshTokens } from "./functions/legacy-refresh-tokens.ts";
import { installRandomIds } from "./database/ids/random-ids.ts";
import { DEFAULT_SITE_PORT } from "./functions/function-environment.ts";
import { checkedTableOf, TableNumbers } from "./database/ids/table-numbers.ts";
import { cursorKeyFrom, installPaginationCursors } from "./database/pagination/cursors.ts";
import { installTextSearch } from "./database/search/text-search.ts";
import { installVectorSearchChecks } from "./database/search/vector-search.ts";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const DEFAULT_PORT = 3210;
export { DEFAULT_SITE_PORT } from "./functions/function-environment.ts";
export const DEFAULT_DATA_DIR = path.join(PROJECT_ROOT, ".convex-local");
const RELOAD_DEBOUNCE_MS = 200;
const CLOSE_GOING_AWAY = 1001;

export type LocalBackendOptions = {
  /** Main port (WebSocket + HTTP API); 0 picks a free one. Default 3210. */
  port?: number;
  /** Port of the HTTP actions; 0 picks a free one. Default 3211. */
  sitePort?: number;
  /** Where the database and the JWT keys live; null keeps everything in memory. */
  dataDir?: string | null;
  /** The internal mutation that fills an empty database ("seed:run"); null leaves it empty. Default null. */
  seed?: string | null;
  /**
   * Idempotent internal mutations run at every start on data that is already there, when the
   * code has them (an app's migrations). Default none.
   */
  migrations?: string[];
  /** Reload convex/ when a file in it changes. Default false (the CLI turns it on). */
  watch?: boolean;
  /** The web app's URL, for Convex Auth's redirects. Default $SITE_URL or http://127.0.0.1:5173. */
  siteUrl?: string;
  /**
   * What an empty data folder serves until `npx convex dev` pushes: this convex/ folder from
   * source (default the project's, which tests, e2e and the bench rely on), or null for no
   * functions at all, as a new Convex deployment. Pushed code, once there, always wins.
   */
  convexDir?: string | null;
  /** The largest file upload taken, in bytes. Default 20 MiB. */
  maxUploadBytes?: number;
  /** Replace the admin key kept in the data folder with a new one. Default false. */
  newAdminKey?: boolean;
  /** Host names answered besides 127.0.0.1, localhost and [::1] (a port in one pins it). */
  allowedHosts?: string[];
  /** For tests: runs before each write to the data folder's journal or snapshot (to delay or fail it). */
  beforeDiskWrite?: DiskWriteHook;
  /** The conflict profiler's settings (window, warning threshold; see functions/profiler/conflict-profiler.ts). */
  profiler?: ProfilerOptions;
  /** The function runtime's limits and workers (functions/runtime/runtime-limits.ts); tests shorten or seed them. */
  runtime?: Partial<RuntimeLimits>;
  /**
   * A new deployment's variables, as `npx convex env set` would have set them before anything
   * ran (tests; see test-support.ts). Default none, as on Convex; a data folder keeps its own.
   */
  environment?: Record<string, string>;
};

export type LocalBackend = {
  /** What VITE_CONVEX_URL / the clients use, e.g. http://127.0.0.1:3210. */
  url: string;
  /** Where the HTTP actions are served (CONVEX_SITE_URL, the JWT issuer). */
  siteUrl: string;
  /** The admin key (front/security/admin-key.ts): the dashboard's and the admin API's password, the Convex CLI's CONVEX_SELF_HOSTED_ADMIN_KEY. */
  adminKey: string;
  /** What Convex's concurrency would make of the mutations run so far (also on the dashboard). */
  profiler: ConflictProfiler;
  /** Calls `observer` with each committed mutation's read and write sets (the hot-event bench). */
  onTransaction: (observer: TransactionObserver) => void;
  /** Calls `listener` with each write conflict, retried or final (the hot-event bench). */
  onConflict: (listener: ConflictListener) => void;
  close: () => Promise<void>;
};

/** convex/ reads its configuration from process.env, so only one backend can run per process. */
let running = false;

/** Calls `onChange` once things settle after module files in `dir` change (not tests). */
function watchModules(dir: string, onChange: () => void): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  return watch(dir, { recursive: true }, (_event, file) => {
    if (file !== null && !isModuleFile(file)) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, RELOAD_DEBOUNCE_MS);
  });
}

export async function startLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  if (running) throw new Error("A local backend is already running in this process");
  running = true;
  // Undone in reverse order by close(), or right away if starting fails half-way.
  const cleanups: (() => Promise<void> | void)[] = [() => void (running = false)];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const backend = await start(options, cleanups);
    let closing: Promise<void> | null = null;
    return { ...backend, close: () => (closing ??= cleanUp()) };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** One HTTP route group of the main port: true when it answered the request. */
type Route = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
/** Undone in reverse order by close(), or right away if starting fails half-way. */
type Cleanups = (() => Promise<void> | void)[];
type Ports = Awaited<ReturnType<typeof openPorts>>;
type Functions = Awaited<ReturnType<typeof startFunctions>>;
type SavedData = Awaited<ReturnType<typeof openDatabase>>;

/**
 * The wiring, a layer at a time in the order they need each other: the two ports (their URLs
 * are read by the functions when they load), the functions with the database under them, the
 * database's data and its writer, the jobs, then the front answering on the ports.
 */
async function start(options: LocalBackendOptions, cleanups: Cleanups) {
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  const convexDir = options.convexDir === undefined ? path.join(PROJECT_ROOT, "convex") : options.convexDir;
  const ports = await openPorts(options, cleanups);
  const keys = dataDir === null ? await generateAuthKeys() : await loadOrCreateAuthKeys(dataDir);
  const environment = await setFunctionEnvironment(dataDir, ports, options);
  const functions = await startFunctions(dataDir, convexDir, cursorKeyFrom(keys.privateKey), options, cleanups);
  const data = await openDatabase(dataDir, functions.engine, options, cleanups);
  await startJobs(functions, options, cleanups);
  const adminKey = dataDir === null ? generateAdminKey() : await loadOrCreateAdminKey(dataDir, { replace: options.newAdminKey });
  await serveFront({ dataDir, convexDir, options, ports, environment, functions, data, adminKey, keys }, cleanups);
  const { engine, profiler } = functions;
  return {
    url: ports.url,
    siteUrl: ports.siteUrl,
    adminKey,
    profiler,
    onTransaction: (observer: TransactionObserver) => engine.onTransaction(observer),
    onConflict: (listener: ConflictListener) => engine.database.onConflict(listener),
  };
}

/**
 * Both ports, before anything else: the site URL is the JWT issuer and CONVEX_SITE_URL, the
 * main one CONVEX_CLOUD_URL; both answer 503 until the data is in.
 */
async function openPorts(options: LocalBackendOptions, cleanups: Cleanups) {
  const siteServer = createServer();
  const serveSite = unavailableUntilServed(siteServer);
  const sitePort = await listen(siteServer, options.sitePort ?? DEFAULT_SITE_PORT);
  cleanups.push(() => closeServer(siteServer));
  const mainServer = createServer();
  const serveMain = unavailableUntilServed(mainServer);
  const mainPort = await listen(mainServer, options.port ?? DEFAULT_PORT);
  cleanups.push(() => closeServer(mainServer));
  const allowsHost = hostCheck(() => mainPort, options.allowedHosts);
  refuseForeignHosts(
    siteServer,
    hostCheck(() => sitePort, options.allowedHosts),
  );
  refuseForeignHosts(mainServer, allowsHost);
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const url = `http://127.0.0.1:${mainPort}`;
  return { mainServer, mainPort, serveMain, serveSite, url, siteUrl, allowsHost };
}

/**
 * What the functions see as process.env: the deployment's variables (`npx convex env`, kept in
 * the data folder; none on a new deployment, as on Convex) and the built-in URLs, and nothing
 * of the backend's own environment.
 */
async function setFunctionEnvironment(dataDir: string | null, ports: Ports, options: LocalBackendOptions) {
  const environment = await EnvironmentVariables.open(dataDir, options.environment ?? {});
  // Built in on Convex (typed in `env`), read at call time.
  const builtIn = { CONVEX_SITE_URL: ports.siteUrl, CONVEX_CLOUD_URL: ports.url };
  let view: { saved: ReadonlyMap<string, string>; values: Record<string, string> } | null = null;
  isolateFunctionEnvironment(() => {
    // Rebuilt only when the deployment's variables changed.
    if (view === null || view.saved !== environment.current) {
      view = { saved: environment.current, values: { ...Object.fromEntries(environment.current), ...builtIn } };
    }
    return view.values;
  });
  return environment;
}

/**
 * The function runner on the code to serve (pushed, else convex/ from source), with what each
 * instance gets installed: components, random ids, search, cursors (encrypted with a key
 * derived from the kept JWT key, so they outlive a restart), file storage, the jobs.
 */
async function startFunctions(
  dataDir: string | null,
  convexDir: string | null,
  cursorKey: Buffer,
  options: LocalBackendOptions,
  cleanups: Cleanups,
) {
  functionLog.clear();
  const scheduler = new DurableScheduler();
  const crons = new CronRunner();
  const fileStore = dataDir === null ? memoryFileStore() : diskFileStore(path.join(dataDir, "files"));
  const files = new FileStorage(fileStore, options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES);
  // Code pushed by the Convex CLI lives in the data folder (a temporary one in memory mode);
  // before the first push, convex/ is served from source (or nothing, see `convexDir`).
  const pushRoot = dataDir ?? (await mkdtemp(path.join(tmpdir(), "apoie-pushes-")));
  if (dataDir === null) cleanups.push(() => rm(pushRoot, { recursive: true, force: true }));
  const pushes = new PushStore(pushRoot);
  const pushed = await pushes.current();
  const installComponents = async (instance: EngineInstance) => {
    if (!registerPushedComponents(instance) && convexDir !== null) await registerComponents(instance, convexDir);
  };
  // From source, the variables convex.config declares are noted before the modules load (a push notes its own).
  const fromSource = (dir: string) => async () => {
    declareAppVariables(await declaredEnvironment(dir));
    return loadModules(dir);
  };
  const firstCode = pushed !== null ? () => loadPush(pushed) : convexDir !== null ? fromSource(convexDir) : noModules;
  // Before any document is read: a Convex id names its table by a number kept in the data folder.
  readIdsWith(checkedTableOf);
  const tableNumbers = TableNumbers.open(dataDir);
  const engine = await FunctionRunner.start(
    firstCode,
    async (instance) => {
      await installComponents(instance);
      installRandomIds(instance, tableNumbers);
      installTextSearch(instance);
      installVectorSearchChecks(instance);
      installPaginationCursors(instance, cursorKey);
      files.install(instance);
      scheduler.install(instance);
      crons.install(instance);
    },
    options.runtime,
  );
  cleanups.push(() => engine.dispose());
  const profiler = new ConflictProfiler(options.profiler);
  if (options.profiler?.enabled !== false) {
    engine.onTransaction(profiler.observe);
    engine.database.onConflict(profiler.observeConflict);
  }
  return { engine, profiler, scheduler, crons, files, fileStore, pushes, installComponents, tableNumbers };
}

/**
 * The database's data: read from the data folder (snapshot, then the journal's newer records),
 * every commit saved from now on; a commit that cannot be saved fails its request, over the
 * WebSocket and over HTTP alike. Damaged files stop the start.
 */
async function openDatabase(dataDir: string | null, engine: FunctionRunner, options: LocalBackendOptions, cleanups: Cleanups) {
  const { database } = engine;
  let writer: GroupCommitWriter | null = null;
  if (dataDir !== null) {
    const saved = await loadSnapshot(dataDir);
    if (saved !== null) database.restore(saved.snapshot);
    const { records, validBytes } = await readJournal(dataDir);
    for (const record of records) if (record.seq > database.commitCount) database.replay(record);
    const journal = await JournalFile.open(dataDir, validBytes);
    writer = new GroupCommitWriter(dataDir, journal, engine.commitsToSave(), options.beforeDiskWrite, saved?.bytes);
  }
  cleanups.push(() => writer?.close());
  database.onCommit(() => writer?.markDirty());
  const persisted = async (commit?: number) => {
    try {
      await writer?.durable(commit);
    } catch (error) {
      throw new FunctionError((error as Error).message, undefined);
    }
  };
  const saved = async (commit: number) => writer?.saved(commit);
  return { persisted, saved };
}

/**
 * Data from an older version of the app is migrated (idempotent), an empty database seeded
 * by today's code instead; then the jobs run, once the data is in and commits are saved, and
 * stop before the last save.
 */
async function startJobs({ engine, scheduler, crons }: Functions, options: LocalBackendOptions, cleanups: Cleanups) {
  const dropped = await dropCounterRefreshTokens(engine);
  if (dropped > 0)
    console.log(`local backend: ${dropped} sign-in refresh tokens from before ids were random no longer work; their holders sign in again`);
  for (const migration of options.migrations ?? []) {
    if (!engine.database.isEmpty() && engine.hasFunction(migration)) await engine.runInternalMutation(migration);
  }
  const seed = options.seed ?? null;
  if (seed !== null && engine.database.isEmpty()) await engine.runInternalMutation(seed);
  await scheduler.start(engine);
  crons.start(engine);
  cleanups.push(async () => void (await Promise.all([scheduler.stop(), crons.stop()])));
}

type FrontParts = {
  convexDir: string | null;
  dataDir: string | null;
  options: LocalBackendOptions;
  ports: Ports;
  environment: EnvironmentVariables;
  functions: Functions;
  data: SavedData;
  adminKey: string;
  keys: AuthKeys;
};

/** The sync sessions, and which of them a commit wakes (once it is readable, see FunctionRunner.readAtOneCommit). */
function syncSessions(engine: FunctionRunner) {
  const sessions = new Set<SyncSession>();
  const subscriptions = new SubscriptionIndex<SyncSession>();
  // A commit whose writes are not known wakes every session.
  engine.database.onCommit((_ts, written) => {
    for (const session of written === null ? sessions : subscriptions.affected(written)) session.requestRefresh();
  });
  const refreshAll = () => {
    for (const session of sessions) session.requestRefresh();
  };
  return { sessions, subscriptions, refreshAll };
}

/** The CLI's admin API: run, data, env, logs, export, import, and the routes a push goes through. */
function startCliApi({ functions, ports, data, environment }: FrontParts, refreshSessions: () => void, cleanups: Cleanups) {
  const shutdown = new AbortController();
  cleanups.push(() => shutdown.abort());
  const cli = createCliSupport({
    engine: functions.engine,
    url: () => ports.url,
    environment,
    files: functions.fileStore,
    tableNumbers: functions.tableNumbers,
    saved: data.saved,
    persisted: data.persisted,
    closed: once(shutdown.signal, "abort").then(() => {}),
  });
  const pushRouteTable = pushRoutes({
    engine: functions.engine,
    store: functions.pushes,
    checkSetup: functions.installComponents,
    served: () => {
      console.log("local backend: serving the pushed code");
      refreshSessions();
    },
  });
  return { systemQuery: cli.systemQuery, routes: new Map([...cli.routes, ...pushRouteTable]) };
}

/**
 * The front: the sync sessions, the main port's routes (files, dashboard, the CLI's API, the
 * client API) and its WebSockets, the HTTP actions on the site port, and the convex/ watcher.
 */
async function serveFront(parts: FrontParts, cleanups: Cleanups) {
  const { ports, functions, data, environment } = parts;
  const { engine, files } = functions;
  const { sessions, subscriptions, refreshAll } = syncSessions(engine);
  // Module-level code reads process.env when loaded, as in a fresh Convex isolate.
  const reload = (done: string | null, failed: string) =>
    engine.reload().then(
      () => {
        if (done !== null) console.log(done);
        refreshAll();
      },
      (error: unknown) => console.error(failed, error),
    );
  // Each token's signature is checked once (verified-tokens.ts); new keys in the environment void them, before the code reloads.
  const verifyToken = cacheVerifiedTokens(createTokenVerifier(() => environment.current.get("JWKS"), ports.siteUrl));
  environment.onChange(async () => verifyToken.clear());
  environment.onChange(() => reload(null, "local backend: convex/ did not load with the new environment:"));
  const cliApi = startCliApi(parts, refreshAll, cleanups);
  const deps = { adminKey: adminKeyCheck(parts.adminKey), systemQuery: cliApi.systemQuery, engine, verifyToken, ...data, subscriptions };
  await files.start(engine, ports.url, () => data.persisted());
  cleanups.push(() => files.stop());
  ports.serveSite((request, response) => {
    if (!response.writableEnded) void handleSiteRequest(request, response, engine, (commit) => data.persisted(commit));
  });
  const dashboard = new DashboardAccess(parts.adminKey, () => ports.mainPort);
  const cliDeps = { ...deps, url: () => ports.url, siteUrl: ports.siteUrl, routes: cliApi.routes };
  // The main port's routes, tried in this order; the client API answers everything else.
  const routes: Route[] = [
    (request, response) => files.handleRequest(request, response),
    (request, response) => handleDashboardRequest(request, response, engine, functions.profiler, dashboard),
    (request, response) => handleCliApiRequest(request, response, cliDeps),
    async (request, response) => {
      await handleApiRequest(request, response, deps);
      return true;
    },
  ];
  ports.serveMain((request, response) => {
    if (response.writableEnded) return;
    void (async () => {
      for (const route of routes) if (await route(request, response)) return;
    })();
  });
  const sockets = acceptSyncConnections(ports.mainServer, deps, sessions, ports.allowsHost);
  // Closed first on shutdown (again: closing twice is harmless): no request starts once the jobs stop and the last snapshot is written.
  cleanups.push(async () => {
    for (const ws of sockets.clients) ws.close(CLOSE_GOING_AWAY, "Local backend shutting down");
    await closeServer(ports.mainServer);
    sockets.close();
  });
  if (parts.options.watch && parts.convexDir !== null) {
    const watcher = watchModules(parts.convexDir, () => {
      void reload("local backend: reloaded convex/", "local backend: convex/ did not load, still serving the previous code:");
    });
    cleanups.push(() => watcher.close());
  }
}
