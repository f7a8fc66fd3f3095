/**
 * The local backend in its own process, as `npm run backend:local` starts it: the one place
 * that writes its command line, waits for its ready line, reads its admin key and stops it.
 * Tests, the browser tests' setup, the bench and `npm run dev` start it through here.
 *
 * It leads its own process group, so a stop reaches it and anything it started, and a signal
 * meant for the parent (a terminal's Ctrl-C) does not cut its shutdown snapshot short.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { localDeploymentVariables } from "./deployment-variables";
import { waitForOutput } from "./processes";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The command line's entry point. */
export const LOCAL_BACKEND_MAIN = "local-backend/main.ts";

/** What it prints once it accepts connections, with its URL. */
export const LOCAL_BACKEND_READY = /Local backend ready at (http:\/\/127\.0\.0\.1:\d+)/;

/** Printed before the ready line; the dashboard and the Convex CLI need it. */
export const ADMIN_KEY_LINE = /^Admin key: (\S+)$/m;

/** A ceiling for a broken start, not a measure of a normal one. */
const START_CEILING_MS = 120_000;

export type StorageFlags = {
  /** 0 (the default) lets the OS pick. */
  port?: number;
  sitePort?: number;
  /** A data folder, or in memory (the default). */
  dataDir?: string | null;
  /** Demo data; off unless asked for. */
  seed?: boolean;
};

/** The usual flags: ports, storage and no demo data (`--port 0 --site-port 0 --in-memory --no-seed`). */
export function backendFlags({ port = 0, sitePort = 0, dataDir = null, seed = false }: StorageFlags = {}): string[] {
  return [
    "--port",
    `${port}`,
    "--site-port",
    `${sitePort}`,
    ...(dataDir === null ? ["--in-memory"] : ["--data-dir", dataDir]),
    ...(seed ? [] : ["--no-seed"]),
  ];
}

export type LocalBackendOptions = {
  /** Its command-line flags (see `backendFlags`). */
  args: string[];
  /** Another entry point that prints the same ready line (a test's fixture backend); main.ts by default. */
  script?: string;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Called with everything it prints, as it prints it (`npm run dev` passes it through). */
  onOutput?: (text: string, stream: "stdout" | "stderr") => void;
  /** A ceiling for the ready line; the process is stopped when it is reached. */
  startTimeoutMs?: number;
};

export type SpawnedLocalBackend = {
  child: ChildProcess;
  pid: number;
  /** Its URL and admin key once it prints the ready line; rejects, with all it printed, if it exits first. */
  ready: Promise<{ url: string; adminKey: string }>;
  /** Its exit code (null when a signal ended it), once it has exited. */
  exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Sends `signal` to its process group, unless it has already exited. */
  signal: (signal: NodeJS.Signals) => void;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code once it has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  /** kill -9, then waits until it is gone. */
  kill: () => Promise<void>;
};

/** Starts the backend and returns at once; `ready` says when it serves. */
export function spawnLocalBackend({
  args,
  script = LOCAL_BACKEND_MAIN,
  env = {},
  onOutput,
  startTimeoutMs = START_CEILING_MS,
}: LocalBackendOptions): SpawnedLocalBackend {
  // `node --import tsx`, not tsx's CLI: its signal relay may end the backend before the shutdown snapshot is written.
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  for (const stream of ["stdout", "stderr"] as const) {
    child[stream].setEncoding("utf8");
    child[stream].on("data", (text: string) => {
      output += text;
      onOutput?.(text, stream);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (name: NodeJS.Signals) => {
    if (gone()) return;
    try {
      process.kill(-child.pid!, name);
    } catch (error) {
      // Exited between the check and the signal: nothing left to stop.
      if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
    }
  };
  const ready = waitForOutput(child, { ready: LOCAL_BACKEND_READY, timeoutMs: startTimeoutMs }).then((match) => ({
    url: match[1]!,
    adminKey: ADMIN_KEY_LINE.exec(output)?.[1] ?? "",
  }));
  // A failed start is reported through `ready`; this keeps it from also being an unhandled rejection.
  ready.catch(() => {});
  return {
    child,
    pid: child.pid!,
    ready,
    exited,
    output: () => output,
    signal,
    stop: (name = "SIGTERM") => {
      signal(name);
      return exited;
    },
    kill: async () => {
      signal("SIGKILL");
      await exited;
    },
  };
}

export type LocalBackendProcess = SpawnedLocalBackend & { url: string; adminKey: string };

/**
 * Sets deployment variables through the admin API, as `npx convex env set` does (the
 * functions reload with them before it answers).
 */
export async function setDeploymentVariables(url: string, adminKey: string, variables: Record<string, string>): Promise<void> {
  const response = await fetch(`${url}/api/update_environment_variables`, {
    method: "POST",
    headers: { Authorization: `Convex ${adminKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ changes: Object.entries(variables).map(([name, value]) => ({ name, value })) }),
  });
  if (!response.ok) throw new Error(`setting the deployment's variables failed: ${response.status} ${await response.text()}`);
}

/** The names of the deployment's variables, as `npx convex env list` reads them (a system query). */
async function deploymentVariableNames(url: string, adminKey: string): Promise<Set<string>> {
  const response = await fetch(`${url}/api/query`, {
    method: "POST",
    headers: { Authorization: `Convex ${adminKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ path: "_system/cli/queryEnvironmentVariables", args: {}, format: "json" }),
  });
  const answer = (await response.json()) as { status: string; value?: { name: string }[] };
  if (answer.status !== "success") throw new Error(`reading the deployment's variables failed: ${JSON.stringify(answer)}`);
  return new Set((answer.value ?? []).map(({ name }) => name));
}

/**
 * Starts the backend and resolves once it serves (rejects, and stops it, if it does not).
 * A new deployment has no variables: `variables` are set through the admin API first. By
 * default this app's local ones (test-kit/deployment-variables.ts), unless the deployment
 * already has its keys (a data folder started before keeps its own, so its sessions stay good);
 * `{}` sets none.
 */
export async function startLocalBackendProcess(
  options: LocalBackendOptions & { variables?: Record<string, string> },
): Promise<LocalBackendProcess> {
  const spawned = spawnLocalBackend(options);
  try {
    const { url, adminKey } = await spawned.ready;
    const keep = options.variables === undefined && (await deploymentVariableNames(url, adminKey)).has("JWKS");
    const variables = options.variables ?? (keep ? {} : await localDeploymentVariables());
    if (Object.keys(variables).length > 0) await setDeploymentVariables(url, adminKey, variables);
    return { ...spawned, url, adminKey };
  } catch (error) {
    await spawned.stop();
    throw error;
  }
}
