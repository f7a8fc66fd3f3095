import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { spawnAndWait } from "./processes";

/** What the local mailbox prints once it accepts connections. */
export const MAIL_SANDBOX_READY = /Caixa de e-mails \(local\): (http:\/\/127\.0\.0\.1:\d+)/;

const root = path.resolve(import.meta.dirname, "..");

export type SpawnedMailSandbox = {
  child: ChildProcess;
  url: string;
  /** The deployment variables that point a backend's e-mail adapter at this mailbox. */
  backendEnv: { RESEND_API_KEY: string; RESEND_API_URL: string; EMAIL_FROM: string };
};

/**
 * Starts the local mailbox (`mail-sandbox/main.ts`, speaking Resend's API) in its own process on
 * a free port with a fresh API key, and waits for its ready line. `args` adds CLI flags
 * (`--hold-ms 1500`). Stop it with `child.kill("SIGTERM")`.
 */
export async function spawnMailSandbox(args: string[] = []): Promise<SpawnedMailSandbox> {
  const apiKey = `re_${randomBytes(12).toString("hex")}`;
  const { child, match } = await spawnAndWait(
    process.execPath,
    ["--import", "tsx", "mail-sandbox/main.ts", "--port", "0", "--api-key", apiKey, ...args],
    { cwd: root, ready: MAIL_SANDBOX_READY },
  );
  const url = match[1]!;
  return { child, url, backendEnv: { RESEND_API_KEY: apiKey, RESEND_API_URL: url, EMAIL_FROM: "Apoie <ingressos@apoie.local>" } };
}
