/**
 * Dates as Mercado Pago writes them. The payments API's form (Brasília time) is `brasiliaTime` in
 * convex/model/payments/mercadoPagoFormats.ts, shared with the adapter that reads it.
 */

/** `2026-11-26T08:30:00.000Z`: the Payouts API's form. */
export function utcTime(ms: number): string {
  return new Date(ms).toISOString();
}
