/**
 * How a wallet entry reads in the statement (Extrato). Pure, shared with the UI.
 */
import { formatBRL } from "./money";

export const ENTRY_KINDS = [
  "welcome",
  "support",
  // A ticket purchase (model/tickets/purchases.ts): spends like a support, reads as a purchase.
  "ticketPurchase",
  "refund",
  "payout",
  "opening",
  "deposit",
  "withdrawal",
  "withdrawalReturned",
  // Money the bank took back (model/wallet/owed.ts): a credited deposit returned, a returned
  // withdrawal the bank paid after all, and what later credits pay of what is still owed.
  "depositReturned",
  "withdrawalReclaimed",
  "owedPaid",
  "purchaseCancelled",
  "supportCancelled",
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** Money spent on an event (a support or a ticket purchase): bonus money goes first, a refund brings it back. */
export function spendsOnEvent(kind: EntryKind): boolean {
  return kind === "support" || kind === "ticketPurchase";
}

/** The statement's texts (docs/product.md); "opening" is the balance a wallet had before statements existed. */
export function describeEntry(kind: EntryKind, eventName: string | null): string {
  const event = eventName ?? "evento removido";
  switch (kind) {
    case "welcome":
      return "Bônus de boas-vindas";
    case "support":
      return `Apoio a ${event}`;
    case "ticketPurchase":
      return `Compra de ingressos – ${event}`;
    case "refund":
      return `Estorno de ${event}`;
    case "payout":
      return `Repasse de ${event}`;
    case "opening":
      return "Saldo inicial";
    case "deposit":
      return "Depósito via PIX";
    case "withdrawal":
      return "Saque via PIX";
    case "withdrawalReturned":
      return "Saque devolvido";
    case "depositReturned":
      return "Devolução de depósito via PIX";
    case "withdrawalReclaimed":
      return "Saque pago pelo banco após a devolução";
    case "owedPaid":
      return "Pagamento de valor devido";
    case "purchaseCancelled":
      return `Estorno da compra – ${event}`;
    case "supportCancelled":
      return `Estorno do apoio – ${event}`;
  }
}

/**
 * How a payout split between money that may leave by `Sacar` and bonus money that may only be
 * spent on Apoie, e.g. "R$ 30,00 disponível para saque · R$ 20,00 em bônus". Null for any
 * other entry, and for a payout from before its split was recorded.
 */
export function describeSplit(kind: EntryKind, amountCents: number, promoCents: number | undefined): string | null {
  if (kind !== "payout" || promoCents === undefined) return null;
  const withdrawable = `${formatBRL(amountCents - promoCents)} disponível para saque`;
  return promoCents === 0 ? withdrawable : `${withdrawable} · ${formatBRL(promoCents)} em bônus`;
}

/** What of a taken-back amount the wallet could not cover, e.g. "R$ 20,00 em aberto: …". */
export function describeOwed(owedCents: number | undefined): string | null {
  if (owedCents === undefined || owedCents === 0) return null;
  return `${formatBRL(owedCents)} em aberto: o próximo saldo que entrar quita esse valor.`;
}
