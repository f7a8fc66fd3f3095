/**
 * The development loop as `npm run dev` runs it: the official `npx convex dev` pushing a
 * scratch copy of this project to the local backend (an empty data folder, no code from
 * source). Measures a cold push and an unchanged one (`npx convex dev --once`, the CLI's own
 * start included), then, with `npx convex dev` watching, the time from saving a changed query
 * in convex/ to an already subscribed client receiving its new result (with the typecheck
 * `npm run dev` runs beside it): what a developer waits for between saving and seeing it in
 * the browser.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { setPriority, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import WebSocket from "ws";
import { runCli, startCli, type CliTarget, startLocalBackend } from "../../local-backend/index.ts";
import { scratchProject } from "../../test-kit/scratch-project";

export const SAVES = 5;
/** `npx convex dev`'s flags in `npm run dev` (scripts/dev.ts), which this measures. */
const DEV_CLI_FLAGS = ["--typecheck", "disable"];
const TSC = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));
const probe = makeFunctionReference<"query", Record<string, never>, string>("saveProbe:value");
const SEEN_TIMEOUT_MS = 120_000;

export type SaveToBrowser = {
  /** `npx convex dev --once` to an empty backend, seconds. */
  coldPushSeconds: number;
  /** The same again with nothing changed, seconds. */
  unchangedPushSeconds: number;
  /** Save → subscribed client sees the new result, with `npx convex dev` watching, ms per save. */
  samplesMs: number[];
  medianMs: number;
  maxMs: number;
};

function probeSource(value: string): string {
  return `import { query } from "./_generated/server";\nexport const value = query({ args: {}, handler: async () => ${JSON.stringify(value)} });\n`;
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + SEEN_TIMEOUT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("npx convex dev never became ready");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Resolves with performance.now() when the subscription delivers `expected`. */
function seen(values: string[], listeners: Set<() => void>, expected: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the client never saw "${expected}"`)), SEEN_TIMEOUT_MS);
    const check = () => {
      if (values.at(-1) !== expected) return;
      clearTimeout(timer);
      listeners.delete(check);
      resolve(performance.now());
    };
    listeners.add(check);
    check();
  });
}

export async function measureSaveToBrowser(log: (message: string) => void): Promise<SaveToBrowser> {
  const project = await scratchProject();
  const dataDir = await mkdtemp(path.join(tmpdir(), "apoie-bench-push-"));
  const probeFile = path.join(project.dir, "convex", "saveProbe.ts");
  await writeFile(probeFile, probeSource("saved 0"));
  const backend = await startLocalBackend({ port: 0, sitePort: 0, dataDir, convexDir: null });
  const target: CliTarget = { url: backend.url, adminKey: backend.adminKey, cwd: project.dir };
  const client = new ConvexClient(backend.url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    unsavedChangesWarning: false,
  });
  let watching: ReturnType<typeof startCli> | null = null;
  let typecheck: ChildProcess | null = null;
  try {
    const pushOnce = async () => {
      const run = await runCli(target, ["dev", "--once", ...DEV_CLI_FLAGS]);
      if (run.code !== 0) throw new Error(`npx convex dev --once failed:\n${run.stdout}\n${run.stderr}`);
      return run.seconds;
    };
    log("save-to-browser: cold push");
    const coldPushSeconds = await pushOnce();
    log("save-to-browser: unchanged push");
    const unchangedPushSeconds = await pushOnce();

    const values: string[] = [];
    const listeners = new Set<() => void>();
    client.onUpdate(probe, {}, (value) => {
      values.push(value);
      for (const listener of listeners) listener();
    });
    await seen(values, listeners, "saved 0");
    watching = startCli(target, ["dev", ...DEV_CLI_FLAGS]);
    const cli = watching;
    await until(() => `${cli.output().stdout}${cli.output().stderr}`.includes("Convex functions ready!"));
    // npm run dev also typechecks convex/ beside the push (tsc --watch at low priority): it shares the CPUs.
    typecheck = spawn(process.execPath, [TSC, "-p", "convex", "--noEmit", "--watch", "--preserveWatchOutput"], { cwd: project.dir });
    if (typecheck.pid !== undefined) setPriority(typecheck.pid, 10);
    let typecheckOutput = "";
    typecheck.stdout?.on("data", (chunk: Buffer) => (typecheckOutput += chunk.toString()));
    await until(() => typecheckOutput.includes("Watching for file changes"));
    const samplesMs: number[] = [];
    for (let save = 1; save <= SAVES; save++) {
      // Let the CLI settle into watching again before the next save.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const expected = `saved ${save}`;
      const savedAt = performance.now();
      await writeFile(probeFile, probeSource(expected));
      samplesMs.push((await seen(values, listeners, expected)) - savedAt);
      log(`save-to-browser: save ${save}: ${Math.round(samplesMs.at(-1)!)} ms`);
    }
    return { coldPushSeconds, unchangedPushSeconds, samplesMs, medianMs: median(samplesMs), maxMs: Math.max(...samplesMs) };
  } finally {
    typecheck?.kill("SIGTERM");
    watching?.child.kill("SIGTERM");
    await watching?.done;
    await client.close();
    await backend.close();
    await rm(dataDir, { recursive: true, force: true });
    await project.remove();
  }
}
