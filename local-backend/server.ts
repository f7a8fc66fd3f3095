/**
 * Starts the local backend: JWT keys and environment, the engine with its data, the main port
 * (WebSocket sync + HTTP API) and the site port (HTTP actions), and the convex/ watcher.
 */
import { watch, type FSWatcher } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { once } from "node:events";
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WebSocketServer, type WebSocket } from "ws";
import { createTokenVerifier, generateAuthKeys, loadOrCreateAuthKeys } from "./functions/auth-keys.ts";
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
import { PushStore } from "./functions/push/push-store.ts";
import { pushRoutes } from "./front/cli/push-routes.ts";
import { DashboardAccess } from "./front/dashboard/access.ts";
import { handleDashboardRequest } from "./front/dashboard/dashboard.ts";
import { Engine } from "./functions/function-runner.ts";
import type { ConflictListener } from "./database/write-conflicts.ts";
import { ConflictProfiler, type ProfilerOptions, type TransactionObserver } from "./functions/profiler/conflict-profiler.ts";
import { FunctionError } from "./functions/function-error.ts";
import { diskFileStore, memoryFileStore } from "./front/files/file-store.ts";
import { DEFAULT_MAX_UPLOAD_BYTES, FileStorage } from "./front/files/storage.ts";
import { handleApiRequest, handleSiteRequest } from "./front/http-api.ts";
import { isModuleFile, noModules } from "./functions/modules.ts";
import { loadSnapshot } from "./database/storage/database-file.ts";
import { GroupCommitWriter, type DiskWriteHook } from "./database/storage/group-commit.ts";
import { JournalFile, readJournal } from "./database/storage/journal-file.ts";
import { CronRunner } from "./functions/scheduler/crons.ts";
import { DurableScheduler } from "./functions/scheduler/scheduler.ts";
import { SyncSession, type SessionDeps } from "./front/sync/sync-session.ts";
import { SubscriptionIndex } from "./front/sync/subscription-index.ts";
import { generateAdminKey, loadOrCreateAdminKey } from "./front/security/admin-key.ts";
import { FORBIDDEN_HOST_MESSAGE, hostCheck, type HostCheck } from "./front/security/host-check.ts";
import { dropCounterRefreshTokens } from "./functions/legacy-refresh-tokens.ts";
import { installRandomIds } from "./database/ids/random-ids.ts";
import { DEFAULT_SITE_PORT, functionEnvironment } from "./functions/function-environment.ts";
import { checkedTableOf, TableNumbers } from "./database/ids/table-numbers.ts";
import { installPaginationCursors } from "./database/pagination/cursors.ts";
import { installTextSearch } from "./database/search/text-search.ts";
import { installVectorSearchChecks } from "./database/search/vector-search.ts";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const DEFAULT_PORT = 3210;
export { DEFAULT_SITE_PORT } from "./functions/function-environment.ts";
export const DEFAULT_DATA_DIR = path.join(PROJECT_ROOT, ".convex-local");
/** The client drops a connection after 60 s without a message; stay well inside that. */
const PING_INTERVAL_MS = 20_000;
const RELOAD_DEBOUNCE_MS = 200;
/** WebSocket close code for a client that broke the protocol (RFC 6455: protocol error). */
const CLOSE_PROTOCOL_ERROR = 1002;
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
  /** The conflict profiler's settings (window, warning threshold; see profiler/conflict-profiler.ts). */
  profiler?: ProfilerOptions;
};

export type LocalBackend = {
  /** What VITE_CONVEX_URL / the clients use, e.g. http://127.0.0.1:3210. */
  url: string;
  /** Where the HTTP actions are served (CONVEX_SITE_URL, the JWT issuer). */
  siteUrl: string;
  /** The admin key (security/admin-key.ts): the dashboard's and the admin API's password, the Convex CLI's CONVEX_SELF_HOSTED_ADMIN_KEY. */
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

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : port);
    });
  });
}

/** Refuses, with 403 and no data, every request whose Host is not this machine (security/host-check.ts). */
function refuseForeignHosts(server: Server, allows: HostCheck): void {
  server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    if (allows(request.headers.host)) return;
    // Answered here; the handlers below see a response already sent.
    response.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" }).end(FORBIDDEN_HOST_MESSAGE);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

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

/** Serves 503 until `serve` hands over the real handler: a port needed before what it serves exists. */
function unavailableUntilServed(server: Server): (handler: RequestListener) => void {
  const unavailable: RequestListener = (_request, response) => {
    if (!response.writableEnded) response.writeHead(503).end();
  };
  server.on("request", unavailable);
  return (handler) => {
    server.off("request", unavailable);
    server.on("request", handler);
  };
}

/** One HTTP route group of the main port: true when it answered the request. */
type Route = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

/**
 * The wiring, in the order things need each other: the two ports (their URLs are read by
 * the functions when they load), the engine with its data, the jobs, then what answers on
 * the ports.
 */
async function start(options: LocalBackendOptions, cleanups: (() => Promise<void> | void)[]) {
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  const convexDir = options.convexDir === undefined ? path.join(PROJECT_ROOT, "convex") : options.convexDir;
  const keys = dataDir === null ? await generateAuthKeys() : await loadOrCreateAuthKeys(dataDir);
  const adminKey = dataDir === null ? generateAdminKey() : await loadOrCreateAdminKey(dataDir, { replace: options.newAdminKey });

  // Both ports first: the site URL is the JWT issuer and CONVEX_SITE_URL, the main one
  // CONVEX_CLOUD_URL; both answer 503 until the data is in.
  const siteServer = createServer();
  const serveSite = unavailableUntilServed(siteServer);
  const sitePort = await listen(siteServer, options.sitePort ?? DEFAULT_SITE_PORT);
  cleanups.push(() => closeServer(siteServer));
  const mainServer = createServer();
  const serveMain = unavailableUntilServed(mainServer);
  const mainPort = await listen(mainServer, options.port ?? DEFAULT_PORT);
  cleanups.push(() => closeServer(mainServer));
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const url = `http://127.0.0.1:${mainPort}`;
  const allowsSiteHost = hostCheck(() => sitePort, options.allowedHosts);
  const allowsHost = hostCheck(() => mainPort, options.allowedHosts);
  refuseForeignHosts(siteServer, allowsSiteHost);
  refuseForeignHosts(mainServer, allowsHost);
  process.env.JWT_PRIVATE_KEY = keys.privateKey;
  process.env.JWKS = keys.jwks;
  Object.assign(process.env, functionEnvironment({ convexSiteUrl: siteUrl, siteUrl: options.siteUrl ?? process.env.SITE_URL }));
  // Built in on Convex like CONVEX_SITE_URL (typed in `env`), read at call time.
  process.env.CONVEX_CLOUD_URL = url;
  // The deployment's variables (`npx convex env`): those above at the first start, then as saved.
  const environment = await EnvironmentVariables.open(
    dataDir,
    Object.fromEntries(["JWT_PRIVATE_KEY", "JWKS", "SITE_URL", "AUTH_LOCAL_LOGIN"].map((name) => [name, process.env[name]!])),
  );
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
  const firstCode = pushed !== null ? () => loadPush(pushed) : (convexDir ?? noModules);
  // Before any document is read: a Convex id names its table by a number kept in the data folder.
  readIdsWith(checkedTableOf);
  const tableNumbers = TableNumbers.open(dataDir);
  const engine = await Engine.start(firstCode, async (instance) => {
    await installComponents(instance);
    installRandomIds(instance, tableNumbers);
    installTextSearch(instance);
    installVectorSearchChecks(instance);
    installPaginationCursors(instance);
    files.install(instance);
    scheduler.install(instance);
    crons.install(instance);
  });
  cleanups.push(() => engine.dispose());
  const profiler = new ConflictProfiler(options.profiler);
  if (options.profiler?.enabled !== false) {
    engine.onTransaction(profiler.observe);
    engine.onConflict(profiler.observeConflict);
  }
  const writer = dataDir === null ? null : await openData(dataDir, engine, options.beforeDiskWrite);
  cleanups.push(() => writer?.close());
  // A commit that cannot be saved fails its request, over the WebSocket and over HTTP alike.
  const persisted = async (commit?: number) => {
    try {
      await writer?.durable(commit);
    } catch (error) {
      throw new FunctionError((error as Error).message, undefined);
    }
  };
  const saved = async (commit: number) => writer?.saved(commit);

  const sessions = new Set<SyncSession>();
  const refreshSessions = () => {
    for (const session of sessions) session.requestRefresh();
  };
  const subscriptions = new SubscriptionIndex<SyncSession>();
  engine.onCommit((_ts, written) => {
    writer?.markDirty();
    // The sessions the commit may change re-run their queries once it is readable (saved), see Engine.readAtOneCommit.
    // (A commit whose writes are not known wakes every session.)
    for (const session of written === null ? sessions : subscriptions.affected(written)) session.requestRefresh();
  });
  // Module-level code reads process.env when loaded, as in a fresh Convex isolate.
  environment.onChange(() =>
    engine
      .reload()
      .then(refreshSessions, (error: unknown) => console.error("local backend: convex/ did not load with the new environment:", error)),
  );
  await migrateOrSeed(engine, options);
  // Jobs run once the data is in and commits are saved, and stop before the last save.
  await scheduler.start(engine);
  crons.start(engine);
  cleanups.push(async () => void (await Promise.all([scheduler.stop(), crons.stop()])));

  const shutdown = new AbortController();
  cleanups.push(() => shutdown.abort());
  const cli = createCliSupport({
    engine,
    url: () => url,
    environment,
    files: fileStore,
    tableNumbers,
    saved,
    persisted,
    closed: once(shutdown.signal, "abort").then(() => {}),
  });
  const pushRouteTable = pushRoutes({
    engine,
    store: pushes,
    checkSetup: installComponents,
    served: () => {
      console.log("local backend: serving the pushed code");
      refreshSessions();
    },
  });
  const deps = {
    adminKey: adminKeyCheck(adminKey),
    systemQuery: cli.systemQuery,
    engine,
    verifyToken: await createTokenVerifier(keys, siteUrl),
    persisted,
    saved,
    subscriptions,
  };
  await files.start(engine, url, () => persisted());
  cleanups.push(() => files.stop());

  serveSite((request, response) => {
    if (!response.writableEnded) void handleSiteRequest(request, response, engine, (commit) => persisted(commit));
  });
  const dashboard = new DashboardAccess(adminKey, () => mainPort);
  const cliRoutes = new Map([...cli.routes, ...pushRouteTable]);
  // The main port's routes, tried in this order; the client API answers everything else.
  const routes: Route[] = [
    (request, response) => files.handleRequest(request, response),
    (request, response) => handleDashboardRequest(request, response, engine, profiler, dashboard),
    (request, response) => handleCliApiRequest(request, response, { ...deps, url: () => url, siteUrl, routes: cliRoutes }),
    async (request, response) => {
      await handleApiRequest(request, response, deps);
      return true;
    },
  ];
  serveMain((request, response) => {
    if (response.writableEnded) return;
    void (async () => {
      for (const route of routes) if (await route(request, response)) return;
    })();
  });
  const sockets = acceptSyncConnections(mainServer, deps, sessions, allowsHost);
  // Closed first on shutdown (again: closing twice is harmless): no request starts once the jobs stop and the last snapshot is written.
  cleanups.push(async () => {
    for (const ws of sockets.clients) ws.close(CLOSE_GOING_AWAY, "Local backend shutting down");
    await closeServer(mainServer);
    sockets.close();
  });

  if (options.watch && convexDir !== null) {
    const watcher = watchModules(convexDir, () => {
      engine.reload().then(
        () => {
          console.log("local backend: reloaded convex/");
          refreshSessions();
        },
        (error: unknown) => console.error("local backend: convex/ did not load, still serving the previous code:", error),
      );
    });
    cleanups.push(() => watcher.close());
  }
  return {
    url,
    siteUrl,
    adminKey,
    profiler,
    onTransaction: (observer: TransactionObserver) => engine.onTransaction(observer),
    onConflict: (listener: ConflictListener) => engine.onConflict(listener),
  };
}

/**
 * Data from an older version of the app is migrated (idempotent); an empty database is
 * seeded by today's code instead, and stays empty without a seed function.
 */
async function migrateOrSeed(engine: Engine, options: LocalBackendOptions): Promise<void> {
  const dropped = await dropCounterRefreshTokens(engine);
  if (dropped > 0)
    console.log(`local backend: ${dropped} sign-in refresh tokens from before ids were random no longer work; their holders sign in again`);
  for (const migration of options.migrations ?? []) {
    if (!engine.isEmpty() && engine.hasFunction(migration)) await engine.runInternalMutation(migration);
  }
  const seed = options.seed ?? null;
  if (seed !== null && engine.isEmpty()) await engine.runInternalMutation(seed);
}

/**
 * Reads the data folder into the engine (snapshot, then the journal's newer records) and
 * returns the writer that saves every commit from now on. Damaged files stop the start.
 */
async function openData(dataDir: string, engine: Engine, beforeDiskWrite?: DiskWriteHook): Promise<GroupCommitWriter> {
  const saved = await loadSnapshot(dataDir);
  if (saved !== null) engine.restore(saved.snapshot);
  const { records, validBytes } = await readJournal(dataDir);
  for (const record of records) if (record.seq > engine.commitCount) engine.replay(record);
  return new GroupCommitWriter(dataDir, await JournalFile.open(dataDir, validBytes), engine, beforeDiskWrite, saved?.bytes);
}

/** Serves the sync protocol on `/api/<client version>/sync`, one SyncSession per socket. */
function acceptSyncConnections(
  server: Server,
  deps: Omit<SessionDeps, "send" | "fail">,
  sessions: Set<SyncSession>,
  allowsHost: HostCheck,
): WebSocketServer {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  server.on("upgrade", (request, socket, head) => {
    // As on Convex, any Origin may connect (the app's own client is on another origin, and no
    // cookie counts here); the Host must be this machine's, against DNS rebinding.
    if (!allowsHost(request.headers.host)) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${FORBIDDEN_HOST_MESSAGE}`);
      return;
    }
    const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (!/^\/api\/[^/]+\/sync$/.test(pathname)) {
      socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serveSocket(ws));
  });

  function serveSocket(ws: WebSocket): void {
    const session = new SyncSession({
      ...deps,
      send: (message) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
      },
      fail: (error) => {
        console.warn(`local backend: closing a connection: ${error.message}`);
        // A close reason is limited to 123 bytes.
        ws.close(CLOSE_PROTOCOL_ERROR, Buffer.from(error.message).subarray(0, 120).toString());
      },
    });
    sessions.add(session);
    const ping = setInterval(() => ws.send(JSON.stringify({ type: "Ping" })), PING_INTERVAL_MS);
    ws.on("message", (data, isBinary) => {
      // A binary frame is not a protocol message: the session rejects it like bad JSON.
      session.receive(isBinary ? "" : (data as Buffer).toString("utf8"));
    });
    // A frame that breaks RFC 6455 (unmasked, bad opcode, too large): ws closes the socket itself;
    // without a listener the 'error' event would throw and take the whole backend down.
    ws.on("error", (error) => console.warn(`local backend: connection error: ${error.message}`));
    ws.on("close", () => {
      clearInterval(ping);
      session.close();
      sessions.delete(session);
    });
  }
  return sockets;
}
