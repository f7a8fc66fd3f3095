import type { ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
  backendEnv: {
    MERCADOPAGO_API_URL: string;
    MERCADOPAGO_ACCESS_TOKEN: string;
    MERCADOPAGO_WEBHOOK_SECRET: string;
    MERCADOPAGO_PAYOUT_PRIVATE_KEY: string;
  };
};

/**
 * Starts the PIX sandbox (`pix-sandbox/main.ts`) in its own process on a free port, in memory,
 * with a fresh access token, webhook secret and payout signing key pair (payouts signed as
 * Mercado Pago's production requires), and waits for its ready line. `args` adds CLI
 * flags (e.g. `--retry-delays 200,500`). Stop it with `child.kill("SIGTERM")`.
 */
export async function spawnPixSandbox(args: string[] = []): Promise<SpawnedPixSandbox> {
  const accessToken = `TEST-${randomBytes(16).toString("hex")}`;
  const webhookSecret = randomBytes(32).toString("hex");
  // Payouts are signed as in production: the backend gets the private key, the sandbox checks with the public one.
  const payoutKeys = generateKeyPairSync("ed25519");
  const keyFolder = mkdtempSync(path.join(tmpdir(), "apoie-pix-key-"));
  const publicKeyFile = path.join(keyFolder, "payouts-public.pem");
  writeFileSync(publicKeyFile, payoutKeys.publicKey.export({ type: "spki", format: "pem" }));
  const forgetKey = () => rmSync(keyFolder, { recursive: true, force: true });
  const { child, match } = await spawnAndWait(
    process.execPath,
    [
      "--import",
      "tsx",
      "pix-sandbox/main.ts",
      "--port",
      "0",
      "--access-token",
      accessToken,
      "--webhook-secret",
      webhookSecret,
      "--payout-public-key",
      publicKeyFile,
      ...args,
    ],
    { cwd: root, ready: PIX_SANDBOX_READY },
  ).catch((error: unknown) => {
    forgetKey();
    throw error;
  });
  // The sandbox read the key at start.
  forgetKey();
  const url = match[1]!;
  return {
    child,
    url,
    accessToken,
    webhookSecret,
    backendEnv: {
      MERCADOPAGO_API_URL: url,
      MERCADOPAGO_ACCESS_TOKEN: accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: webhookSecret,
      MERCADOPAGO_PAYOUT_PRIVATE_KEY: payoutKeys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    },
  };
}
