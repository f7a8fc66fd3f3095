/**
 * Money is integer cents everywhere. This module is pure and shared with the UI, so the
 * browser parses and formats exactly as the server validates.
 */

/** R$ 1.000.000.000,00: the largest amount anyone may enter. */
export const MAX_AMOUNT_CENTS = 100_000_000_000;

/** R$ 50,00: every wallet's first balance. */
export const INITIAL_WALLET_CENTS = 5_000;

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * Formats cents as Brazilian reais, e.g. 123450 → "R$ 1.234,50".
 * Intl puts a no-break space after "R$"; we use a plain space so texts read exactly as docs/product.md gives them.
 */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100).replace(/\u00a0/g, " ");
}

/** True for a whole, positive number of cents no larger than {@link MAX_AMOUNT_CENTS}. */
export function isValidAmountCents(cents: unknown): cents is number {
  return typeof cents === "number" && Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_AMOUNT_CENTS;
}

const PLAIN = /^(\d+)(?:[.,](\d{1,2}))?$/; // 10 · 10,5 · 10.50
const GROUPED_COMMA = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/; // 1.234 · 1.234,56

/**
 * Parses what a person types as an amount in reais into cents, or null when it is not a
 * valid amount. Accepts "10", "10,5", "10,50", "10.50", "1.234,56", "R$ 7,00". Rejects more
 * than two decimals, signs, letters, exponents, zero and anything above the cap.
 */
export function parseBRL(input: string): number | null {
  const text = input.replace(/^\s*R\$/, "").replace(/[\s\u00a0]/g, "");
  const match = PLAIN.exec(text) ?? GROUPED_COMMA.exec(text);
  if (!match) return null;
  const whole = (match[1] ?? "").replace(/\./g, "").replace(/^0+(?=\d)/, "");
  if (whole.length > 12) return null; // far above the cap; avoids float precision loss
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const cents = Number(whole) * 100 + Number(fraction);
  return isValidAmountCents(cents) ? cents : null;
}
