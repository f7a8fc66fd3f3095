/**
 * The e-mail provider adapter: the only code that knows how an e-mail leaves. It speaks
 * Resend's HTTP API (`POST /emails` with an `Idempotency-Key`) with `fetch`, in Convex's default
 * runtime, so the local mailbox (mail-sandbox/), which answers the same API, runs exactly this
 * code in development and tests. Any provider with an HTTP API shaped like Resend's, or SMTP
 * through a relay that offers it, fits here (docs/deploying.md).
 *
 * Configuration (deployment variables): RESEND_API_KEY (no key, no e-mail: rows are recorded as
 * `unsent`), EMAIL_FROM (`Apoie <ingressos@seu-dominio>`), RESEND_API_URL (default
 * https://api.resend.com; the local mailbox in development and tests), EMAIL_RETRY_BASE_MS and
 * EMAIL_SEND_TIMEOUT_MS (tests shorten them).
 */
import { env } from "../../_generated/server";

export const DEFAULT_RESEND_API_URL = "https://api.resend.com";
export const DEFAULT_FROM = "Apoie <nao-responda@apoie.local>";
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * What one attempt came to. `retryAfterMs`: the provider asked to wait (Retry-After).
 * `throttled`: a 429, the provider declining to look at the request now (a rate limit hit by
 * a burst), which spends no attempt.
 */
export type SendOutcome =
  | { kind: "sent"; providerId: string }
  | { kind: "retry"; error: string; retryAfterMs?: number; throttled?: boolean }
  | { kind: "permanent"; error: string };

/** A message as the provider receives it. */
export type ProviderMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: { filename: string; content: string; content_id: string; content_type: string }[];
};

/** Whether this deployment sends e-mail at all. */
export function emailConfigured(): boolean {
  return Boolean(env.RESEND_API_KEY);
}

function numberVar(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function retryBaseMs(): number {
  return numberVar(env.EMAIL_RETRY_BASE_MS, 2_000);
}

/**
 * Answers that say nothing final: a timeout, a request with the same key still in flight (409),
 * too many requests, any 5xx. Anything else in 4xx is the provider refusing this e-mail for good
 * (an invalid address, a domain not verified): retrying would be refused again.
 */
function isRetryable(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : undefined;
}

async function errorText(response: Response): Promise<string> {
  const body = await response.text().catch(() => "");
  try {
    const parsed = JSON.parse(body) as { message?: unknown; name?: unknown };
    if (typeof parsed.message === "string") return `${response.status} ${String(parsed.name ?? "")}: ${parsed.message}`.slice(0, 300);
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${response.status}`;
}

/** One attempt to hand `message` to the provider; the key makes every attempt of one e-mail the same send. */
export async function sendThroughProvider(message: ProviderMessage, idempotencyKey: string): Promise<SendOutcome> {
  const apiKey = env.RESEND_API_KEY;
  if (!apiKey) return { kind: "permanent", error: "RESEND_API_KEY is not set" };
  const url = `${(env.RESEND_API_URL || DEFAULT_RESEND_API_URL).replace(/\/$/, "")}/emails`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
      body: JSON.stringify({ from: env.EMAIL_FROM || DEFAULT_FROM, ...message, to: [message.to] }),
      signal: AbortSignal.timeout(numberVar(env.EMAIL_SEND_TIMEOUT_MS, DEFAULT_TIMEOUT_MS)),
    });
  } catch (error) {
    // No answer (refused, reset, timed out): it may have been sent; the same key makes the retry safe.
    return { kind: "retry", error: `no answer: ${(error as Error).message}`.slice(0, 300) };
  }
  if (response.ok) {
    const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
    if (typeof body?.id === "string") return { kind: "sent", providerId: body.id };
    return { kind: "retry", error: "an answer without an id" };
  }
  const error = await errorText(response);
  if (response.status === 429) return { kind: "retry", error, retryAfterMs: retryAfterOf(response), throttled: true };
  if (isRetryable(response.status)) return { kind: "retry", error, retryAfterMs: retryAfterOf(response) };
  return { kind: "permanent", error };
}
