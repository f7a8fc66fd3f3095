/** Amounts on Mercado Pago's API are decimal numbers of reais; the sandbox checks them in cents. */

/** The largest amount Mercado Pago's Payouts accept (`transaction.total_amount`), used for charges too. */
export const MAX_AMOUNT = 10_000_000_000;

/** A positive amount of reais with at most two decimals, not above MAX_AMOUNT. */
export function isAmount(value: unknown): value is number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > MAX_AMOUNT) return false;
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** `R$ 20,00`, for the page. */
export function formatReais(reais: number): string {
  return BRL.format(reais);
}
