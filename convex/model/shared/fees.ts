/**
 * `Taxa de serviço`: what the platform keeps. Pure and shared with the browser, so the buyer sees
 * exactly the fee the server charges.
 *
 * The rule, stated once: each unit (a ticket, or one support) pays
 * `min(price, max(minimum, round(price × percent)))`, rounded half up to the cent; a free
 * unit pays nothing. A purchase of N tickets pays N times its unit's fee, so every ticket carries
 * its own fee (the attendee CSV shows it) and a refund of any part is exact.
 */
import { formatBRL } from "./money";

/** The deployment's fee settings, percentages in basis points (1% = 100). */
export type FeeRates = { ticketBasisPoints: number; supportBasisPoints: number; minimumCents: number };

export const NO_FEES: FeeRates = { ticketBasisPoints: 0, supportBasisPoints: 0, minimumCents: 0 };

/** Who pays a ticket's fee: the buyer on top of the price, or the organizer out of the payout. */
export type FeeMode = "passedOn" | "absorbed";

export const FEE_MODE_LABELS: Record<FeeMode, string> = {
  passedOn: "Repassar a taxa ao comprador",
  absorbed: "Absorver a taxa",
};

export const FEE_MESSAGES = {
  title: "Taxa de serviço",
  modeSaved: "Taxa de serviço atualizada.",
  notTheCreator: "Só quem criou o evento pode mudar a taxa de serviço.",
  eventOver: "Este evento já terminou: a taxa de serviço não muda mais.",
} as const;

/**
 * A percentage as a deployment variable writes it ("10", "7.5", "7,5") in basis points; anything
 * else (absent, empty, negative, above 100, not a number) is 0: no fee rather than a wrong one.
 */
export function basisPointsOf(text: string | undefined): number {
  if (text === undefined) return 0;
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 0;
  const points = Math.round(Number(trimmed) * 100);
  return points <= 10_000 ? points : 0;
}

/** A whole number of cents as a deployment variable writes it; anything else is 0. */
export function centsOf(text: string | undefined): number {
  if (text === undefined || !/^\d{1,9}$/.test(text.trim())) return 0;
  return Number(text.trim());
}

/** The fee on one unit of `priceCents` at `basisPoints`, by the rule above. */
export function unitFeeCents(priceCents: number, basisPoints: number, minimumCents: number): number {
  if (priceCents <= 0 || (basisPoints === 0 && minimumCents === 0)) return 0;
  const percentPart = Math.floor((priceCents * basisPoints + 5_000) / 10_000);
  return Math.min(priceCents, Math.max(minimumCents, percentPart));
}

/** A ticket's fee at the deployment's rates. */
export function ticketFeeCents(unitPriceCents: number, rates: FeeRates): number {
  return unitFeeCents(unitPriceCents, rates.ticketBasisPoints, rates.minimumCents);
}

/** A support's fee at the deployment's rates (always taken from the payout). */
export function supportFeeCents(amountCents: number, rates: FeeRates): number {
  return unitFeeCents(amountCents, rates.supportBasisPoints, rates.minimumCents);
}

/** What the buyer sees before paying when the fee is passed on: `Ingresso R$ X + taxa R$ Y = R$ Z`. */
export function priceWithFeeText(priceCents: number, feeCents: number): string {
  return `Ingresso ${formatBRL(priceCents)} + taxa ${formatBRL(feeCents)} = ${formatBRL(priceCents + feeCents)}`;
}

/** The organizer's payout: `Repasse: R$ bruto − taxa R$ Y = R$ líquido`. */
export function payoutText(grossCents: number, feeCents: number): string {
  return `Repasse: ${formatBRL(grossCents)} − taxa ${formatBRL(feeCents)} = ${formatBRL(grossCents - feeCents)}`;
}

/** What a statement line says of the fee inside its amount, or null when it holds none. */
export function feeDetail(kind: string, amountCents: number, feeCents: number | undefined): string | null {
  if (feeCents === undefined || feeCents === 0) return null;
  if (kind === "payout") return payoutText(amountCents + feeCents, feeCents);
  if (amountCents < 0) return priceWithFeeText(-amountCents - feeCents, feeCents);
  return `Inclui a taxa de serviço de ${formatBRL(feeCents)}`;
}
