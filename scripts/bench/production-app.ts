import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../test-kit/ports";
import { startLocalBackendProcess, waitForReady } from "./local-backend-process";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
// Apart from the weighing build's folder: this build points at a real backend address.
const OUT_DIR = join(ROOT, "node_modules", ".bench-lighthouse-dist");
const VITE = join(ROOT, "node_modules", "vite", "bin", "vite.js");

export type RunningApp = { url: string; stop: () => void };

/**
 * Builds the app for production against `convexUrl` and serves it with `vite preview`
 * (gzip, SPA fallback), as a static host would.
 */
export async function startProductionApp(convexUrl: string): Promise<RunningApp> {
  const build = spawnSync(process.execPath, [VITE, "build", "--outDir", OUT_DIR, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: ROOT,
    env: { ...process.env, VITE_CONVEX_URL: convexUrl },
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [VITE, "preview", "--outDir", OUT_DIR, "--port", `${port}`, "--strictPort", "--host", "127.0.0.1"],
    {
      cwd: ROOT,
      stdio: "pipe",
      // Without NO_COLOR, Vite may wrap the port in colour codes the pattern would miss.
      env: { ...process.env, NO_COLOR: "1" },
    },
  );
  const url = await waitForReady(child, new RegExp(`(http://127\\.0\\.0\\.1:${port})`));
  return {
    url,
    stop: () => {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
    },
  };
}

/**
 * Runs `work` against the local backend with its demo data and a production build of the app
 * pointed at it (what Lighthouse and the README screenshots look at), then stops both.
 */
export async function withDemoApp<T>(work: (urls: { convexUrl: string; appUrl: string }) => Promise<T>): Promise<T> {
  const backend = await startLocalBackendProcess({ seed: true });
  try {
    const app = await startProductionApp(backend.url);
    try {
      return await work({ convexUrl: backend.url, appUrl: app.url });
    } finally {
      app.stop();
    }
  } finally {
    backend.stop();
  }
}
