/**
 * `npm run dev`: the local backend (data in .convex-local/, seeded on first start) and Vite
 * with VITE_CONVEX_URL pointing at it, in one command. Ctrl-C stops both; if either exits on
 * its own, the other is stopped too. Plain Node, no dependency.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const READY = /Local backend ready at (http:\/\/\S+)/;

/** @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();
let stopping = false;

/** Starts `node <script> ...args` in the project root, tracking it for shutdown. */
function start(script, args, options) {
  const child = spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, ...options });
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`dev: ${path.basename(script)} exited (${signal ?? code}); stopping.`);
      stop(code === 0 || code === null ? 1 : code);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
  return child;
}

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  if (children.size === 0) process.exit(exitCode);
  for (const child of children) child.kill("SIGTERM");
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

const backend = start("node_modules/tsx/dist/cli.mjs", ["local-backend/main.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
});

let viteStarted = false;
backend.stdout.setEncoding("utf8");
backend.stdout.on("data", (text) => {
  process.stdout.write(text);
  const ready = READY.exec(text);
  if (ready === null || viteStarted || stopping) return;
  viteStarted = true;
  start("node_modules/vite/bin/vite.js", [], {
    stdio: "inherit",
    env: { ...process.env, VITE_CONVEX_URL: ready[1] },
  });
});
