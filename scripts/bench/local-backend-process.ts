import type { ChildProcess } from "node:child_process";
import { localDeploymentVariables } from "../../test-kit/deployment-variables";
import { backendFlags, startLocalBackendProcess as startBackendProcess } from "../../test-kit/local-backend";
import { freePort } from "../../test-kit/ports";
import { waitForOutput } from "../../test-kit/processes";
import { childReportFile } from "./limit-shares";

const START_TIMEOUT_MS = 60_000;

export type RunningBackend = {
  url: string;
  adminKey: string;
  pid: number;
  stop: () => void;
  /** Stops it as Ctrl-C would and resolves once it has exited (its shutdown snapshot written). */
  stopped: () => Promise<void>;
};

/**
 * Starts the local backend (demo data only with `seed`; in memory unless given a data folder;
 * `env` adds deployment variables, such as the payment provider's)
 * in its own process, as `npm run backend:local` would, so the server does not share an event
 * loop with the clients whose latency we measure.
 */
export async function startLocalBackendProcess({
  seed = false,
  dataDir = null,
  startTimeoutMs = START_TIMEOUT_MS,
  env = {},
  processEnv = {},
}: {
  seed?: boolean;
  dataDir?: string | null;
  startTimeoutMs?: number;
  env?: Record<string, string>;
  /** The backend process's own environment (NODE_OPTIONS for a bench's meter), not deployment variables. */
  processEnv?: Record<string, string>;
} = {}): Promise<RunningBackend> {
  const [port, sitePort] = [await freePort(), await freePort()];
  // A new deployment gets the app's local variables (set through the admin API, as `npx convex
  // env set` would); a data folder keeps its own, so a large one is not reloaded for them.
  const backend = await startBackendProcess({
    args: backendFlags({ port, sitePort, dataDir, seed }),
    variables: dataDir === null ? { ...(await localDeploymentVariables()), ...env } : env,
    // Its functions' highest shares of Convex's limits, written as it exits (limit-shares.ts).
    env: { LOCAL_BACKEND_LIMITS_REPORT: childReportFile(), ...processEnv },
    startTimeoutMs,
  });
  return {
    url: backend.url,
    adminKey: backend.adminKey,
    pid: backend.pid,
    stop: () => backend.signal("SIGTERM"),
    stopped: async () => void (await backend.stop("SIGINT")),
  };
}

/** Resolves with the first capture group of `ready` once the child prints it; stops the child on timeout. */
export async function waitForReady(child: ChildProcess, ready: RegExp, timeoutMs = START_TIMEOUT_MS): Promise<string> {
  const match = await waitForOutput(child, { ready, timeoutMs });
  if (match[1] === undefined) throw new Error(`${ready} has no capture group`);
  return match[1];
}
