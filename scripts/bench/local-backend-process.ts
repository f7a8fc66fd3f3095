import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const READY = /Local backend ready at (http:\/\/127\.0\.0\.1:\d+)/;
/** Printed before the ready line; the dashboard's counters need it. */
const ADMIN_KEY = /^Admin key: (\S+)$/m;
const START_TIMEOUT_MS = 60_000;

export type RunningBackend = { url: string; adminKey: string; stop: () => void };

/**
 * Starts the local backend (demo data only with `seed`; in memory unless given a data folder)
 * in its own process, as `npm run backend:local` would, so the server does not share an event
 * loop with the clients whose latency we measure.
 */
export async function startLocalBackendProcess({
  seed = false,
  dataDir = null,
}: { seed?: boolean; dataDir?: string | null } = {}): Promise<RunningBackend> {
  const [port, sitePort] = [await freePort(), await freePort()];
  const storage = dataDir === null ? ["--in-memory"] : ["--data-dir", dataDir];
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "local-backend/main.ts", "--port", `${port}`, "--site-port", `${sitePort}`, ...storage, ...(seed ? [] : ["--no-seed"])],
    { cwd: ROOT, stdio: "pipe", env: { ...process.env, AUTH_LOG_LEVEL: "WARN" } },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitForReady(child, READY);
  const adminKey = ADMIN_KEY.exec(output)?.[1] ?? "";
  return {
    url,
    adminKey,
    stop: () => {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
    },
  };
}

/** Resolves with the first capture group of `ready` once the child prints it; stops the child on timeout. */
export function waitForReady(child: ChildProcess, ready: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`not ready after ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}
