/**
 * How a wallet entry reads in the statement (Extrato). Pure, shared with the UI.
 */

export const ENTRY_KINDS = [
  "welcome",
  "support",
  "refund",
  "payout",
  "opening",
  "deposit",
  "withdrawal",
  "withdrawalReturned",
  "purchaseCancelled",
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The statement's texts (docs/product.md); "opening" is the balance a wallet had before statements existed. */
export function describeEntry(kind: EntryKind, eventName: string | null): string {
  const event = eventName ?? "evento removido";
  switch (kind) {
    case "welcome":
      return "Bônus de boas-vindas";
    case "support":
      return `Apoio a ${event}`;
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
    case "purchaseCancelled":
      return `Estorno da compra – ${event}`;
  }
}
