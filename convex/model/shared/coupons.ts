/**
 * `Cupons de desconto`: the organizer's codes per event. Pure and shared with the browser, so
 * the buyer sees the price the server charges.
 *
 * The rule: a percent coupon takes `round(price × percent / 100)` (half up) off the lote's
 * inteira price; a fixed one takes its amount (never more than the price). The meia-entrada is
 * half of the price after the coupon (rounded down, as without one). One purchase uses a coupon once.
 */
import { formatBRL } from "./money";

export type CouponDiscount = { kind: "percent"; percent: number } | { kind: "fixed"; amountCents: number };

export const COUPON_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;

export const COUPON_MESSAGES = {
  invalidCode: "O código do cupom deve ter de 3 a 20 letras ou números.",
  invalidPercent: "O desconto deve ser de 1% a 100%.",
  invalidAmount: "Informe um desconto maior que zero.",
  invalidMaxUses: "O número máximo de usos deve ser de 1 a 100.000.",
  invalidValidUntil: "A validade do cupom deve ser uma data futura, até o início do evento.",
  invalidTypes: "Escolha tipos de ingresso deste evento.",
  duplicateCode: "Já existe um cupom com este código neste evento.",
  tooMany: "Este evento já tem o máximo de 100 cupons.",
  notFound: "Cupom inválido para este evento.",
  expired: "Este cupom expirou.",
  usedUp: "Este cupom já atingiu o número máximo de usos.",
  otherType: "Este cupom não vale para este tipo de ingresso.",
  aboveThePrice: "O desconto deste cupom é maior que o preço do ingresso.",
  notTheOrganizer: "Só quem criou o evento pode gerenciar cupons.",
} as const;

/** What a person typed as a code, as it is stored: no spaces, upper case. */
export function normalizeCouponCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/** The inteira price after the coupon, or null when a fixed discount is above the price. */
export function discountedPriceCents(priceCents: number, discount: CouponDiscount): number | null {
  if (discount.kind === "percent") return priceCents - Math.floor((priceCents * discount.percent + 50) / 100);
  return discount.amountCents > priceCents ? null : priceCents - discount.amountCents;
}

/** The unit price with the coupon, inteira or meia (half of the discounted price). */
export function couponUnitPriceCents(priceCents: number, discount: CouponDiscount, meia: boolean): number | null {
  const discounted = discountedPriceCents(priceCents, discount);
  if (discounted === null) return null;
  return meia ? Math.floor(discounted / 2) : discounted;
}

/** How the organizer's list and the CSV name a discount: `10%` or `R$ 5,00`. */
export function discountLabel(discount: CouponDiscount): string {
  return discount.kind === "percent" ? `${discount.percent}%` : formatBRL(discount.amountCents);
}

/** The discount's own refusal (0% or over 100%, a fixed amount of zero), or null. */
export function discountRefusal(discount: CouponDiscount): string | null {
  if (discount.kind === "percent")
    return Number.isInteger(discount.percent) && discount.percent >= 1 && discount.percent <= 100 ? null : COUPON_MESSAGES.invalidPercent;
  return Number.isSafeInteger(discount.amountCents) && discount.amountCents > 0 ? null : COUPON_MESSAGES.invalidAmount;
}
