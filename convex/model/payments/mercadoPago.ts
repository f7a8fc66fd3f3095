/**
 * The payment provider adapter: the only code that knows Mercado Pago. The rest of the app
 * sees its five calls — createCharge, getPayment, createPayout, getPayout, verifyWebhook —
 * and the plain shapes they return. It speaks Mercado Pago's REST API with `fetch` (Convex's
 * default runtime; no Node APIs), so the local PIX sandbox, which answers the same API, runs
 * exactly this code in development and tests.
 *
 * Configuration (deployment environment): MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET,
 * MERCADOPAGO_API_URL (default https://api.mercadopago.com), and for payouts in production
 * MERCADOPAGO_PAYOUT_PRIVATE_KEY (payoutSignature.ts).
 */
import { env } from "../../_generated/server";
import { DEPOSIT_TTL_MS, type PixKeyType } from "../../model/shared/pix";
import { brasiliaTime, webhookSignedText } from "./mercadoPagoFormats";
import { signPayoutBody } from "./payoutSignature";

export const DEFAULT_API_URL = "https://api.mercadopago.com";
/** Where the provider posts its notifications, on the deployment's site URL (docs/deploying.md). */
export const WEBHOOK_PATH = "/pix/webhook";
/** The path notifications went to before; still answered, for charges and payouts made with it. */
export const LEGACY_WEBHOOK_PATH = "/webhooks/mercadopago";
/** A notification signed longer ago than this (or this far in the future) is refused. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Answers that say nothing about whether the request was done: a timeout (408), a conflict with
 * the same idempotency key still being processed (409), too early (425), too many requests (429).
 * Like a 5xx or a lost answer, the work may have been done.
 */
const UNCLEAR_STATUSES = new Set([408, 409, 425, 429]);

/**
 * A provider call that failed. `definite` only when the provider answered that it refused the
 * request (a 4xx other than the unclear ones), so nothing was done; otherwise (no answer, a
 * 5xx, an unclear 4xx, an answer we cannot read) it may have been done. `status` is the HTTP
 * status the provider answered, if it answered.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly definite: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** Whether an HTTP status is the provider refusing the request (nothing done). */
export function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && !UNCLEAR_STATUSES.has(status);
}

/** A charge as created: what the payer needs to pay it. */
export type Charge = { paymentId: string; qrCode: string; expiresAt: number };

/** A payment as the provider reports it; the only source of truth for a credit. */
export type Payment = {
  paymentId: string;
  /** refunded / charged_back: the money went back to the payer after it was approved (a return, MED). */
  status: "pending" | "approved" | "cancelled" | "rejected" | "refunded" | "charged_back" | "other";
  /** Why, e.g. "expired" for a cancelled PIX charge that was not paid in time. */
  statusDetail: string;
  /** The payment's amount and what the provider says was paid, in cents (null when not whole cents). */
  amountCents: number | null;
  paidCents: number | null;
  currency: string;
  externalReference: string | null;
};

/** A payout (transfer to a PIX key) as the provider reports it. */
export type Payout = { payoutId: string; status: "processing" | "paid" | "failed"; externalReference: string | null };

function config() {
  const token = env.MERCADOPAGO_ACCESS_TOKEN;
  if (!token) throw new ProviderError("MERCADOPAGO_ACCESS_TOKEN is not set", true);
  return { token, apiUrl: (env.MERCADOPAGO_API_URL || DEFAULT_API_URL).replace(/\/$/, "") };
}

/** Whether the deployment can talk to the provider at all. */
export function isConfigured(): boolean {
  return Boolean(env.MERCADOPAGO_ACCESS_TOKEN);
}

/** The notification URL the provider is given with each charge and payout. */
export function notificationUrl(): string | undefined {
  const site = env.CONVEX_SITE_URL;
  return site ? `${site.replace(/\/$/, "")}${WEBHOOK_PATH}` : undefined;
}

async function call(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  idempotencyKey?: string,
  signed = false,
): Promise<Record<string, unknown>> {
  const { token, apiUrl } = config();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers["Content-Type"] = "application/json";
  if (idempotencyKey !== undefined) headers["X-Idempotency-Key"] = idempotencyKey;
  const signingKey = env.MERCADOPAGO_PAYOUT_PRIVATE_KEY;
  if (signed && signingKey && payload !== undefined) {
    try {
      headers["X-Signature"] = await signPayoutBody(payload, signingKey);
    } catch (error) {
      // A key that cannot sign is a configuration error: refused here, like a refusal of the provider.
      throw new ProviderError(String(error instanceof Error ? error.message : error), true);
    }
    headers["X-Enforce-Signature"] = "true";
  }
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${path}`, { method, headers, body: payload });
  } catch (error) {
    throw new ProviderError(`${method} ${path}: ${String(error)}`, false);
  }
  const text = await response.text();
  if (!response.ok) {
    // A refusal: retrying the same request gives the same answer. Anything else: ask again later.
    throw new ProviderError(
      `${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`,
      isRefusal(response.status),
      response.status,
    );
  }
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== "object" || json === null) throw new Error("not an object");
    return json as Record<string, unknown>;
  } catch {
    throw new ProviderError(`${method} ${path}: the answer is not JSON`, false);
  }
}

const str = (value: unknown): string | null => (typeof value === "string" || typeof value === "number" ? String(value) : null);

/** Reais as the provider writes them (20.5) to cents, or null when not a whole number of cents. */
export function reaisToCents(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return null;
  const cents = Math.round(value * 100);
  return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
}

/**
 * Creates a PIX charge (`POST /v1/payments`, payment_method_id "pix"). `reference` is ours
 * (the deposit's id): it is the external reference and the idempotency key, so a retried
 * creation of the same deposit never makes a second charge.
 */
export async function createCharge(args: { reference: string; amountCents: number; payerEmail: string }): Promise<Charge> {
  // Set as the request is built, never earlier: see DEPOSIT_TTL_MS.
  const expiresAt = Date.now() + DEPOSIT_TTL_MS;
  const answer = await call(
    "POST",
    "/v1/payments",
    {
      transaction_amount: args.amountCents / 100,
      payment_method_id: "pix",
      description: "Apoie: saldo na carteira",
      payer: { email: args.payerEmail },
      external_reference: args.reference,
      date_of_expiration: brasiliaTime(expiresAt),
      notification_url: notificationUrl(),
    },
    `deposit-${args.reference}`,
  );
  const paymentId = str(answer.id);
  const poi = answer.point_of_interaction as { transaction_data?: { qr_code?: unknown } } | undefined;
  const qrCode = poi?.transaction_data?.qr_code;
  if (paymentId === null || typeof qrCode !== "string") throw new ProviderError("POST /v1/payments: no id or qr_code in the answer", false);
  // The expiry the provider answers is the one the payer is shown.
  const answered = typeof answer.date_of_expiration === "string" ? Date.parse(answer.date_of_expiration) : NaN;
  return { paymentId, qrCode, expiresAt: Number.isFinite(answered) ? answered : expiresAt };
}

const PAYMENT_STATUSES = new Set(["pending", "approved", "cancelled", "rejected", "refunded", "charged_back"]);

/** Reads a payment by the provider's id (`GET /v1/payments/{id}`). */
export async function getPayment(paymentId: string): Promise<Payment> {
  const answer = await call("GET", `/v1/payments/${encodeURIComponent(paymentId)}`);
  const status = String(answer.status);
  const details = answer.transaction_details as { total_paid_amount?: unknown } | undefined;
  const amountCents = reaisToCents(answer.transaction_amount);
  return {
    paymentId: str(answer.id) ?? paymentId,
    status: PAYMENT_STATUSES.has(status) ? (status as Payment["status"]) : "other",
    statusDetail: String(answer.status_detail ?? ""),
    amountCents,
    paidCents: details?.total_paid_amount === undefined ? amountCents : reaisToCents(details.total_paid_amount),
    currency: String(answer.currency_id ?? ""),
    externalReference: str(answer.external_reference),
  };
}

/** Our key types as the Payouts API names them (a random key is a "PIX_CODE"). */
const PAYOUT_KEY_TYPES: Record<PixKeyType, string> = { cpf: "CPF", cnpj: "CNPJ", email: "EMAIL", phone: "PHONE", evp: "PIX_CODE" };

/**
 * Sends money to a PIX key (Payouts: `POST /v1/transaction-intents/process`). `reference` is
 * ours (the withdrawal's id), also the idempotency key: retrying a withdrawal whose answer was
 * lost returns the first transfer instead of paying twice.
 */
export async function createPayout(args: {
  reference: string;
  amountCents: number;
  keyType: PixKeyType;
  key: string;
  /** The key holder's CPF (11 digits) or CNPJ (14), which the Payouts API requires. */
  ownerDocument: string;
}): Promise<Payout> {
  const amount = args.amountCents / 100;
  const url = notificationUrl();
  const answer = await call(
    "POST",
    "/v1/transaction-intents/process",
    {
      external_reference: args.reference,
      point_of_interaction: { type: "PSP_TRANSFER" },
      ...(url === undefined ? {} : { seller_configuration: { notification_info: { notification_url: url } } }),
      transaction: {
        from: { accounts: [{ amount }] },
        to: {
          accounts: [
            {
              type: "current",
              amount,
              chave: { type: PAYOUT_KEY_TYPES[args.keyType], value: args.key },
              owner: { identification: { type: args.ownerDocument.length === 11 ? "CPF" : "CNPJ", number: args.ownerDocument } },
            },
          ],
        },
        total_amount: amount,
      },
    },
    `withdrawal-${args.reference}`,
    true,
  );
  return payoutOf(answer);
}

/** Reads a payout by the provider's id (`GET /v1/transaction-intents/{id}`). */
export async function getPayout(payoutId: string): Promise<Payout> {
  return payoutOf(await call("GET", `/v1/transaction-intents/${encodeURIComponent(payoutId)}`));
}

function payoutOf(answer: Record<string, unknown>): Payout {
  const payoutId = str(answer.id);
  if (payoutId === null) throw new ProviderError("transaction intent without an id", false);
  const status = String(answer.status);
  const transaction = answer.transaction as { to?: { accounts?: { status_detail?: unknown }[] } } | undefined;
  const detail = transaction?.to?.accounts?.[0]?.status_detail;
  // Mercado Pago's Payouts: in_process (or a bare approved) is on its way; approved/approved
  // (or processed) reached the account; rejected, error and canceled did not.
  const paid = status === "processed" || (status === "approved" && detail === "approved");
  const failed = ["rejected", "error", "canceled", "cancelled"].includes(status);
  const state = paid ? "paid" : failed ? "failed" : "processing";
  return { payoutId, status: state, externalReference: str(answer.external_reference) };
}

/** What a notification is about, once its signature checks out. */
export type WebhookNotice = { topic: string; resourceId: string };

/** Why a notification was refused (for the log). */
export type WebhookRefusal = { refused: string };

/**
 * Checks a notification as Mercado Pago signs them: `x-signature: ts=<seconds>,v1=<hex>` is the
 * HMAC-SHA256, with the webhook secret, of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`,
 * where data.id comes from the query string (without `x-request-id`, its part is left out). A missing or wrong signature, a `ts` older (or
 * newer) than WEBHOOK_MAX_AGE_MS, or a body about another resource than the signed id is refused.
 * The comparison is Web Crypto's `verify`, in constant time.
 */
export async function verifyWebhook(
  request: { url: string; headers: Headers; body: string },
  secret: string | undefined,
  now: number,
): Promise<WebhookNotice | WebhookRefusal> {
  if (!secret) return { refused: "MERCADOPAGO_WEBHOOK_SECRET is not set" };
  const url = new URL(request.url);
  const dataId = url.searchParams.get("data.id") ?? url.searchParams.get("id");
  const topic = url.searchParams.get("type") ?? url.searchParams.get("topic");
  if (!dataId || !topic) return { refused: "no data.id or type in the query string" };
  const signature = request.headers.get("x-signature");
  const requestId = request.headers.get("x-request-id");
  if (!signature) return { refused: "no x-signature header" };
  const parts = new Map(signature.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const ts = parts.get("ts");
  const v1 = parts.get("v1");
  if (!ts || !v1 || !/^\d{1,12}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return { refused: "malformed x-signature" };
  if (Math.abs(now - Number(ts) * 1000) > WEBHOOK_MAX_AGE_MS) return { refused: `stale ts ${ts}` };
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const signed = new TextEncoder().encode(webhookSignedText(dataId, requestId, ts));
  const bytes = new Uint8Array(v1.match(/../g)!.map((pair) => parseInt(pair, 16)));
  if (!(await crypto.subtle.verify("HMAC", key, bytes, signed))) return { refused: "signature does not match" };
  // The body is not signed: it may only repeat the signed id, never name another resource.
  let bodyId: string | null = null;
  try {
    const body = JSON.parse(request.body) as { data?: { id?: unknown } };
    bodyId = str(body?.data?.id);
  } catch {
    return { refused: "body is not JSON" };
  }
  if (bodyId !== null && bodyId !== dataId) return { refused: `body names ${bodyId}, signature ${dataId}` };
  return { topic, resourceId: dataId };
}
