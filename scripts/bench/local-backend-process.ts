import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../../test-kit/ports";
import { LOCAL_BACKEND_READY, waitForOutput } from "../../test-kit/processes";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Printed before the ready line; the dashboard's counters need it. */
const ADMIN_KEY = /^Admin key: (\S+)$/m;
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
}: { seed?: boolean; dataDir?: string | null; startTimeoutMs?: number; env?: Record<string, string> } = {}): Promise<RunningBackend> {
  const [port, sitePort] = [await freePort(), await freePort()];
  const storage = dataDir === null ? ["--in-memory"] : ["--data-dir", dataDir];
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "local-backend/main.ts",
      "--port",
      `${port}`,
      "--site-port",
      `${sitePort}`,
      ...storage,
      ...(seed ? [] : ["--no-seed"]),
    ],
    { cwd: ROOT, stdio: "pipe", env: { ...process.env, AUTH_LOG_LEVEL: "WARN", ...env } },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitForReady(child, LOCAL_BACKEND_READY, startTimeoutMs);
  const adminKey = ADMIN_KEY.exec(output)?.[1] ?? "";
  return {
    url,
    adminKey,
    pid: child.pid!,
    stop: () => {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
    },
    stopped: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners("exit");
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGINT");
      }),
  };
}

/** Resolves with the first capture group of `ready` once the child prints it; stops the child on timeout. */
export async function waitForReady(child: ChildProcess, ready: RegExp, timeoutMs = START_TIMEOUT_MS): Promise<string> {
  const match = await waitForOutput(child, { ready, timeoutMs });
  if (match[1] === undefined) throw new Error(`${ready} has no capture group`);
  return match[1];
}
