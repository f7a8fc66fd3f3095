/**
 * PIX charges as Mercado Pago's `POST /v1/payments` makes them: the body's checks (with Mercado
 * Pago's messages) and the payment object in each of its states.
 */
import { pixCopiaECola, qrCodePngBase64 } from "./br-code.ts";
import { brasiliaTime } from "./dates.ts";
import { badRequest } from "./errors.ts";
import { isAmount } from "./money.ts";
import { SANDBOX_ACCOUNT_ID, type Payment } from "./types.ts";

const DEFAULT_EXPIRATION_MS = 24 * 60 * 60 * 1000;
/** Mercado Pago refuses a `date_of_expiration` sooner than this after the request. */
export const MIN_EXPIRATION_MS = 30 * 60 * 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_REFERENCE = 256;

export type NewPayment = {
  amount: number;
  email: string;
  description: string | null;
  externalReference: string | null;
  notificationUrl: string | null;
  expiresAt: number | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalString(body: Record<string, unknown>, field: string, max: number): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > max) throw badRequest(`Invalid ${field}`);
  return value;
}

/** A URL a webhook can be sent to (http or https), or null. */
export function webhookUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Checks a `POST /v1/payments` body; throws Mercado Pago's 400 for the first thing wrong. */
export function parseNewPayment(body: unknown, now: number): NewPayment {
  if (!isRecord(body)) throw badRequest("Bad JSON format");
  if (!isAmount(body.transaction_amount)) throw badRequest("Invalid transaction_amount", 4037);
  if (body.payment_method_id !== "pix") throw badRequest("Invalid payment_method_id", 4049);
  const email = isRecord(body.payer) ? body.payer.email : undefined;
  if (typeof email !== "string" || email.length > 256 || !EMAIL.test(email)) throw badRequest("payer.email must be a valid email", 4050);
  let notificationUrl: string | null = null;
  if (body.notification_url !== undefined && body.notification_url !== null) {
    notificationUrl = webhookUrl(body.notification_url);
    if (notificationUrl === null) throw badRequest("notificaction_url attribute must be url valid", 4020);
  }
  let expiresAt: number | null = null;
  if (body.date_of_expiration !== undefined && body.date_of_expiration !== null) {
    expiresAt = typeof body.date_of_expiration === "string" ? Date.parse(body.date_of_expiration) : NaN;
    // As Mercado Pago: an expiry less than 30 minutes after the request reaches it is refused.
    if (!Number.isFinite(expiresAt) || expiresAt < now + MIN_EXPIRATION_MS) throw badRequest("Invalid date_of_expiration", 4051);
  }
  return {
    amount: body.transaction_amount,
    email,
    description: optionalString(body, "description", MAX_REFERENCE),
    externalReference: optionalString(body, "external_reference", MAX_REFERENCE),
    notificationUrl,
    expiresAt,
  };
}

/** A new pending PIX payment, with its copia e cola and QR image. */
export function newPayment(id: number, input: NewPayment, now: number, origin: string): Payment {
  const qrCode = pixCopiaECola(id, input.amount);
  return {
    id,
    date_created: brasiliaTime(now),
    date_approved: null,
    date_last_updated: brasiliaTime(now),
    date_of_expiration: brasiliaTime(input.expiresAt ?? now + DEFAULT_EXPIRATION_MS),
    money_release_date: null,
    operation_type: "regular_payment",
    payment_method_id: "pix",
    payment_type_id: "bank_transfer",
    status: "pending",
    status_detail: "pending_waiting_transfer",
    currency_id: "BRL",
    description: input.description,
    live_mode: false,
    collector_id: SANDBOX_ACCOUNT_ID,
    payer: { email: input.email },
    external_reference: input.externalReference,
    notification_url: input.notificationUrl,
    transaction_amount: input.amount,
    transaction_amount_refunded: 0,
    transaction_details: { net_received_amount: 0, total_paid_amount: input.amount, overpaid_amount: 0, installment_amount: 0 },
    point_of_interaction: {
      type: "OPENPLATFORM",
      transaction_data: { qr_code: qrCode, qr_code_base64: qrCodePngBase64(qrCode), ticket_url: `${origin}/#pagamento-${id}` },
    },
  };
}

/** The payer paid `amount` (normally the charge's) in `currency`: approved and accredited. */
export function approve(payment: Payment, now: number, amount: number, currency: string): void {
  payment.status = "approved";
  payment.status_detail = "accredited";
  payment.date_approved = brasiliaTime(now);
  payment.money_release_date = brasiliaTime(now);
  payment.date_last_updated = brasiliaTime(now);
  payment.currency_id = currency;
  payment.transaction_amount = amount;
  payment.transaction_details = { ...payment.transaction_details, total_paid_amount: amount, net_received_amount: amount };
}

/**
 * The money of an approved payment goes back to the payer: `refunded` (a refund, or a PIX return
 * by MED) or `charged_back`, as Mercado Pago reports a payment taken back after it was credited.
 */
export function giveBack(payment: Payment, now: number, status: "refunded" | "charged_back"): void {
  payment.status = status;
  payment.status_detail = status === "refunded" ? "refunded" : "settled";
  payment.date_last_updated = brasiliaTime(now);
}

/** Past its `date_of_expiration` unpaid, or expired by hand: cancelled, as Mercado Pago reports it. */
export function expire(payment: Payment, now: number): void {
  payment.status = "cancelled";
  payment.status_detail = "expired";
  payment.date_last_updated = brasiliaTime(now);
}

/** The seller cancelled the charge before it was paid (Mercado Pago's `cancelled` / `by_collector`). */
export function cancel(payment: Payment, now: number): void {
  payment.status = "cancelled";
  payment.status_detail = "by_collector";
  payment.date_last_updated = brasiliaTime(now);
}

/** The payer disputed an approved payment: `in_mediation` until the dispute ends. */
export function mediate(payment: Payment, now: number): void {
  payment.status = "in_mediation";
  payment.status_detail = "in_mediation";
  payment.date_last_updated = brasiliaTime(now);
}

export function expiresAt(payment: Payment): number {
  return Date.parse(payment.date_of_expiration);
}
