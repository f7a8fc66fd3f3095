/** The sandbox's command line (`npx tsx pix-sandbox/main.ts --help` prints USAGE); see API.md, "Starting it". */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_PORT, type PixSandboxOptions } from "./server.ts";

export const USAGE =
  "Usage: npx tsx pix-sandbox/main.ts [--port 3212] [--access-token TOKEN] [--webhook-secret SECRET] [--data-file FILE] " +
  "[--retry-delays MS,MS,...] [--webhook-timeout-ms MS] [--duplicates] [--out-of-order-ms MS] [--no-webhooks] " +
  "[--payout-public-key FILE]";
/** Defaults for a sandbox started by hand; `npm run dev` and the tests pass their own. */
const DEFAULT_ACCESS_TOKEN = "TEST-apoie-pix-sandbox";
const DEFAULT_WEBHOOK_SECRET = "apoie-pix-sandbox-webhook-secret";

function wholeNumber(value: string, flag: string, max = Number.MAX_SAFE_INTEGER): number {
  const number = Number(value);
  if (value.trim() === "" || !Number.isInteger(number) || number < 0 || number > max)
    throw new Error(`${flag} must be a whole number from 0 to ${max}`);
  return number;
}

function nonEmpty(value: string | undefined, fallback: string, flag: string): string {
  if (value === undefined) return fallback;
  if (value === "") throw new Error(`${flag} must not be empty`);
  return value;
}

/** Turns the command line into options; throws with a message for anything unknown. */
export function parseCommandLine(argv: string[]): PixSandboxOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: "string" },
      "access-token": { type: "string" },
      "webhook-secret": { type: "string" },
      "data-file": { type: "string" },
      "retry-delays": { type: "string" },
      "webhook-timeout-ms": { type: "string" },
      duplicates: { type: "boolean" },
      "out-of-order-ms": { type: "string" },
      "no-webhooks": { type: "boolean" },
      "payout-public-key": { type: "string" },
    },
  });
  const webhooks: PixSandboxOptions["webhooks"] = {};
  if (values["retry-delays"] !== undefined) {
    webhooks.retryDelaysMs =
      values["retry-delays"] === "" ? [] : values["retry-delays"].split(",").map((d) => wholeNumber(d, "--retry-delays"));
  }
  if (values["webhook-timeout-ms"] !== undefined) webhooks.timeoutMs = wholeNumber(values["webhook-timeout-ms"], "--webhook-timeout-ms");
  if (values["out-of-order-ms"] !== undefined) webhooks.outOfOrderMs = wholeNumber(values["out-of-order-ms"], "--out-of-order-ms");
  if (values.duplicates) webhooks.duplicates = true;
  if (values["no-webhooks"]) webhooks.webhooks = false;
  return {
    port: values.port === undefined ? DEFAULT_PORT : wholeNumber(values.port, "--port", 65535),
    accessToken: nonEmpty(values["access-token"], DEFAULT_ACCESS_TOKEN, "--access-token"),
    webhookSecret: nonEmpty(values["webhook-secret"], DEFAULT_WEBHOOK_SECRET, "--webhook-secret"),
    dataFile: values["data-file"] === undefined ? null : path.resolve(values["data-file"]),
    // A PEM file: payouts must then be signed with its private key (API.md, Payouts).
    payoutPublicKey: values["payout-public-key"] === undefined ? null : readFileSync(values["payout-public-key"], "utf8"),
    webhooks,
  };
}
