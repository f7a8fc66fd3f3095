import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { spawnAndWait } from "./processes";

/** What the PIX sandbox prints once it accepts connections. */
export const PIX_SANDBOX_READY = /Banco simulado \(PIX\): (http:\/\/127\.0\.0\.1:\d+)/;

const root = path.resolve(import.meta.dirname, "..");

export type SpawnedPixSandbox = {
  child: ChildProcess;
  url: string;
  accessToken: string;
  webhookSecret: string;
  /** The deployment variables that point a backend's payment adapter at this sandbox. */
  backendEnv: { MERCADOPAGO_API_URL: string; MERCADOPAGO_ACCESS_TOKEN: string; MERCADOPAGO_WEBHOOK_SECRET: string };
};

/**
 * Starts the PIX sandbox (`pix-sandbox/main.ts`) in its own process on a free port, in memory,
 * with a fresh access token and webhook secret, and waits for its ready line. `args` adds CLI
 * flags (e.g. `--retry-delays 200,500`). Stop it with `child.kill("SIGTERM")`.
 */
export async function spawnPixSandbox(args: string[] = []): Promise<SpawnedPixSandbox> {
  const accessToken = `TEST-${randomBytes(16).toString("hex")}`;
  const webhookSecret = randomBytes(32).toString("hex");
  const { child, match } = await spawnAndWait(
    process.execPath,
    ["--import", "tsx", "pix-sandbox/main.ts", "--port", "0", "--access-token", accessToken, "--webhook-secret", webhookSecret, ...args],
    { cwd: root, ready: PIX_SANDBOX_READY },
  );
  const url = match[1]!;
  return {
    child,
    url,
    accessToken,
    webhookSecret,
    backendEnv: { MERCADOPAGO_API_URL: url, MERCADOPAGO_ACCESS_TOKEN: accessToken, MERCADOPAGO_WEBHOOK_SECRET: webhookSecret },
  };
}
