/**
 * Dates as Mercado Pago writes them, said here on the sandbox's side of the wire (the app's
 * adapter has its own reading; examples/mercado-pago.json holds recorded dates both must match).
 */

/** Brasília has kept UTC−3 all year since 2019, and Mercado Pago writes that offset. */
const BRASILIA_OFFSET_HOURS = 3;

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** `2026-11-26T03:30:00.000-03:00`: the Payments API's form, Brasília time with milliseconds. */
export function brasiliaTime(ms: number): string {
  const local = new Date(ms);
  local.setUTCHours(local.getUTCHours() - BRASILIA_OFFSET_HOURS);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.${pad(local.getUTCMilliseconds(), 3)}`;
  return `${date}T${time}-${pad(BRASILIA_OFFSET_HOURS)}:00`;
}

/** `2026-11-26T06:30:00.000Z`: the Payouts API's form. */
export function utcTime(ms: number): string {
  return new Date(ms).toISOString();
}
