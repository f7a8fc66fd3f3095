/**
 * How Mercado Pago writes two things both sides of the wire must agree on: its dates, and the
 * text a webhook's signature covers. The adapter (mercadoPago.ts) reads and writes them. The PIX
 * sandbox, which plays Mercado Pago, has its own code for them, and a contract test holds both
 * to examples recorded from Mercado Pago's documentation (pix-sandbox/examples/).
 */

const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000;

/** `2026-11-26T05:30:00.000-03:00`: ISO 8601 with milliseconds at Brasília time (UTC−3, no daylight saving since 2019). */
export function brasiliaTime(ms: number): string {
  return `${new Date(ms - BRASILIA_OFFSET_MS).toISOString().slice(0, -1)}-03:00`;
}

/**
 * The text Mercado Pago signs for a notification: `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`.
 * An id with letters (a payout's) goes in lower case, and a part whose value the notification
 * does not carry (no `x-request-id`) is left out, as its docs say.
 */
export function webhookSignedText(dataId: string, requestId: string | null, ts: string | number): string {
  return `id:${dataId.toLowerCase()};${requestId === null ? "" : `request-id:${requestId};`}ts:${ts};`;
}
