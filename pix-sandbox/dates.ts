/** Dates as Mercado Pago writes them. */

const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000;

/** `2026-11-26T05:30:00.000-03:00`: the payments API's form (Brasília time, UTC−3, no daylight saving since 2019). */
export function brasiliaTime(ms: number): string {
  return new Date(ms - BRASILIA_OFFSET_MS).toISOString().replace("Z", "-03:00");
}

/** `2026-11-26T08:30:00.000Z`: the Payouts API's form. */
export function utcTime(ms: number): string {
  return new Date(ms).toISOString();
}
