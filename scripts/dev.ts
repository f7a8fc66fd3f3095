/**
 * `npm run dev`, on Convex's own development flow, offline:
 *   0. the PIX sandbox, "Banco simulado" (pix-sandbox/, its state in .convex-local/pix-sandbox.json),
 *      standing in for Mercado Pago;
 *   0b. the local mailbox (mail-sandbox/, in memory), speaking Resend's API; it prints
 *      `Caixa de e-mails (local): <url>`;
 *   1. the local backend (data in .convex-local/): it neither watches nor serves convex/ from
 *      source, it serves what the CLI pushes (an empty data folder serves nothing until then);
 *      then the app's variables go in with `npx convex env set`, as on Convex (local sign-in,
 *      the site URL, Convex Auth's keys, the PIX sandbox's URL, token and webhook secret, the
 *      mailbox's URL and key as RESEND_API_URL and RESEND_API_KEY);
 *   2. `npx convex dev` pointed at it (CONVEX_SELF_HOSTED_URL and CONVEX_SELF_HOSTED_ADMIN_KEY,
 *      the key the backend printed, also written to .env.local for any other `npx convex`
 *      command): it bundles and pushes convex/, regenerates
 *      convex/_generated/, seeds the demo data (`--run seed:run`, which leaves existing data
 *      alone) and keeps watching, so a saved change is live in the open browser;
 *   3. Vite, once the first push is served, with VITE_CONVEX_URL pointing at the backend;
 *   4. the typecheck of convex/ (`tsc --watch`, at low priority), beside the push rather than in
 *      it: the CLI's own typecheck (`--typecheck disable` here) held every saved change back
 *      ~20 s on 2 cores; this one prints type errors a moment after the change is live.
 * Ctrl-C stops them all; if one exits on its own, the others are stopped too. The backend is
 * started as the tests start it (test-kit/local-backend.ts), in its own process group.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { localDeploymentVariables } from "../test-kit/deployment-variables";
import { spawnLocalBackend } from "../test-kit/local-backend";
import { updateEnvFile } from "./env-local.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PUSHED = /Convex functions ready!/;
const PIX_SANDBOX_READY = /Banco simulado \(PIX\): (http:\/\/\S+)/;
const MAIL_SANDBOX_READY = /Caixa de e-mails \(local\): (http:\/\/\S+)/;
// The local mailbox's key (mail-sandbox/); a real provider's goes in with `npx convex env set`.
const MAIL_API_KEY = "re_apoie_local";
// Development credentials for the local sandbox only; a real account's go in with `npx convex env set`.
const PIX_ACCESS_TOKEN = "TEST-apoie-dev";
const PIX_WEBHOOK_SECRET = "apoie-dev-webhook-secret";

/** What is running, each with how to stop it. */
const children = new Map<ChildProcess, () => void>();
let stopping = false;

/** Tracks a started child for shutdown: if it exits on its own, everything stops. */
function track(child: ChildProcess, name: string, stopChild: () => void = () => void child.kill("SIGTERM")) {
  children.set(child, stopChild);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`dev: ${name} exited (${signal ?? code}); stopping.`);
      stop(code === 0 || code === null ? 1 : code);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
  return child;
}

/** Starts `node <script> ...args` in the project root, tracking it for shutdown. */
function start(script: string, args: string[], options: SpawnOptions) {
  return track(spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, ...options }), path.basename(script));
}

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  if (children.size === 0) process.exit(exitCode);
  for (const stopChild of children.values()) stopChild();
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

/** Passes a child's output through and calls `onText` with each chunk. */
function follow(stream: Readable, target: Writable, onText: (text: string) => void) {
  stream.setEncoding("utf8");
  stream.on("data", (text: string) => {
    target.write(text);
    onText(text);
  });
}

const pixArgs = ["pix-sandbox/main.ts", "--data-file", ".convex-local/pix-sandbox.json", "--retry-delays", "2000,10000,60000"];
const pixSandbox = start(
  "node_modules/tsx/dist/cli.mjs",
  [...pixArgs, "--access-token", PIX_ACCESS_TOKEN, "--webhook-secret", PIX_WEBHOOK_SECRET],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
// The local mailbox (mail-sandbox/), speaking Resend's API, with its web inbox.
const mailSandbox = start("node_modules/tsx/dist/cli.mjs", ["mail-sandbox/main.ts", "--api-key", MAIL_API_KEY], {
  stdio: ["ignore", "pipe", "inherit"],
});
let backendStarted = false;
const ready: { pix?: string; mail?: string } = {};
const startWhenReady = () => {
  if (ready.pix === undefined || ready.mail === undefined || backendStarted || stopping) return;
  backendStarted = true;
  startBackend(ready.pix, ready.mail);
};
follow(pixSandbox.stdout!, process.stdout, (text) => {
  ready.pix ??= PIX_SANDBOX_READY.exec(text)?.[1];
  startWhenReady();
});
follow(mailSandbox.stdout!, process.stdout, (text) => {
  ready.mail ??= MAIL_SANDBOX_READY.exec(text)?.[1];
  startWhenReady();
});

function startBackend(pixSandboxUrl: string, mailSandboxUrl: string) {
  const backend = spawnLocalBackend({
    args: ["--no-seed", "--no-watch", "--no-source"],
    onOutput: (text, stream) => (stream === "stdout" ? process.stdout : process.stderr).write(text),
    // A data folder of any size loads before the ready line; this only bounds a hang.
    startTimeoutMs: 10 * 60_000,
  });
  track(backend.child, "local-backend/main.ts", () => backend.signal("SIGTERM"));
  backend.ready.then(
    async ({ url, adminKey }) => {
      if (stopping) return;
      await setAppVariables({ CONVEX_SELF_HOSTED_URL: url, CONVEX_SELF_HOSTED_ADMIN_KEY: adminKey }, { pixSandboxUrl, mailSandboxUrl });
      if (!stopping) startConvexDev(url, adminKey);
    },
    // It exited or hung before it was ready: its exit stops everything.
    () => {},
  );
}

/** Runs `npx convex <args>` against the local deployment; resolves with what it printed. */
function convexCli(deployment: Record<string, string>, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/convex/bin/main.js"), ...args], {
      cwd: root,
      env: { ...process.env, ...deployment, CONVEX_DEPLOYMENT: "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (output += text));
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`npx convex ${args[0]} ${args[1]} failed (${code})`))));
  });
}

/**
 * The deployment's variables this app reads, set with `npx convex env set` as on Convex (a new
 * deployment has none): local sign-in, the web app's URL, Convex Auth's key pair (made once),
 * the PIX sandbox's and the mailbox's settings, and Google's when this shell has them. Values
 * already set stay.
 */
async function setAppVariables(deployment: Record<string, string>, sandboxes: { pixSandboxUrl: string; mailSandboxUrl: string }) {
  const current = new Map(
    (await convexCli(deployment, ["env", "list"]))
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const),
  );
  const local = await localDeploymentVariables();
  const wanted: Record<string, string> = {
    AUTH_LOCAL_LOGIN: "true",
    SITE_URL: local.SITE_URL!,
    MERCADOPAGO_API_URL: sandboxes.pixSandboxUrl,
    MERCADOPAGO_ACCESS_TOKEN: PIX_ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: PIX_WEBHOOK_SECRET,
    RESEND_API_KEY: MAIL_API_KEY,
    RESEND_API_URL: sandboxes.mailSandboxUrl,
    ...(current.has("JWKS") ? {} : { JWT_PRIVATE_KEY: local.JWT_PRIVATE_KEY!, JWKS: local.JWKS! }),
    ...Object.fromEntries(
      ["AUTH_GOOGLE_ID", "AUTH_GOOGLE_SECRET"].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    ),
  };
  for (const [name, value] of Object.entries(wanted)) {
    // `--`: a PEM key starts with dashes.
    if (current.get(name) !== value) await convexCli(deployment, ["env", "set", "--", name, value]);
  }
}

function startConvexDev(url: string, key: string) {
  const deployment = { CONVEX_SELF_HOSTED_URL: url, CONVEX_SELF_HOSTED_ADMIN_KEY: key };
  updateEnvFile(path.join(root, ".env.local"), deployment);
  const convex = start("node_modules/convex/bin/main.js", ["dev", "--typecheck", "disable", "--run", "seed:run"], {
    stdio: ["ignore", "pipe", "pipe"],
    // An empty CONVEX_DEPLOYMENT hides a cloud one `npm run dev:convex` left in .env.local
    // (the CLI refuses both at once; it reads .env.local only for variables not set).
    env: { ...process.env, ...deployment, CONVEX_DEPLOYMENT: "" },
  });
  let viteStarted = false;
  const onText = (text: string) => {
    if (viteStarted || stopping || !PUSHED.test(text)) return;
    viteStarted = true;
    start("node_modules/vite/bin/vite.js", [], { stdio: "inherit", env: { ...process.env, VITE_CONVEX_URL: url } });
    const typecheck = start("node_modules/typescript/bin/tsc", ["-p", "convex", "--noEmit", "--watch", "--preserveWatchOutput"], {
      stdio: "inherit",
    });
    if (typecheck.pid !== undefined) os.setPriority(typecheck.pid, 10);
  };
  follow(convex.stdout!, process.stdout, onText);
  follow(convex.stderr!, process.stderr, onText);
}
