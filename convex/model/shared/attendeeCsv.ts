/**
 * `Baixar lista (CSV)`: the attendee list (the rows come from `attendees:page`), with the hygiene
 * of every organizer's CSV (spreadsheetCsv.ts, beside this file). Pure, used by the browser.
 */
import { formatBRL } from "./money";
import { csvDateTime, fileSlug, spreadsheetCsv } from "./spreadsheetCsv";
import { loteLabel, MEIA_CATEGORY_LABELS, type MeiaCategory } from "./ticketTypes";

export type AttendeeRow = {
  name: string;
  email: string;
  /** Null for a ticket of the spec's one-per-support kind (no type). */
  typeName: string | null;
  loteIndex: number | null;
  meiaCategory: MeiaCategory | null;
  /** What the ticket cost its buyer; null for a ticket given per support. */
  priceCents: number | null;
  /** The ticket's `Taxa de serviço` (model/shared/fees.ts); null when it had none. */
  feeCents: number | null;
  /** The `Cupom` its purchase used; null when none. */
  couponCode: string | null;
  /** A `Cortesia` (model/shared/courtesies.ts): `Cortesia` in the `Inteira/Meia` column. */
  courtesy?: boolean;
  code: string;
  issuedAt: number;
  usedAt: number | null;
  /** "awaitingReceiver": transferred to an e-mail that has not signed in yet (no code until it does). */
  status: "valid" | "used" | "cancelled" | "awaitingReceiver";
};

export const ATTENDEE_CSV_HEADER = [
  "Nome",
  "E-mail",
  "Tipo",
  "Lote",
  "Inteira/Meia",
  "Categoria",
  "Preço",
  "Situação",
  "Código",
  "Comprado em",
  "Check-in em",
  "Taxa de serviço",
  "Cupom",
];

/** The `Situação` column: a cancelled ticket never reads as valid. */
export const ATTENDEE_STATUS_LABELS: Record<AttendeeRow["status"], string> = {
  valid: "válido",
  used: "usado",
  cancelled: "cancelado",
  awaitingReceiver: "transferido, aguardando cadastro",
};

/** The CSV file's text, BOM included. */
export function attendeeCsv(rows: AttendeeRow[], { timeZone }: { timeZone?: string } = {}): string {
  const data = rows.map((row) => [
    row.name,
    row.email,
    row.typeName ?? "Ingresso",
    row.loteIndex === null ? "" : loteLabel(row.loteIndex),
    row.courtesy === true ? "Cortesia" : row.meiaCategory === null ? "Inteira" : "Meia",
    row.meiaCategory === null ? "" : MEIA_CATEGORY_LABELS[row.meiaCategory],
    row.priceCents === null ? "" : formatBRL(row.priceCents),
    ATTENDEE_STATUS_LABELS[row.status],
    row.code,
    csvDateTime(row.issuedAt, timeZone),
    row.usedAt === null ? "" : csvDateTime(row.usedAt, timeZone),
    row.feeCents === null ? "" : formatBRL(row.feeCents),
    row.couponCode ?? "",
  ]);
  return spreadsheetCsv(ATTENDEE_CSV_HEADER, data);
}

/** A file name from the event's name: "Show da Banda" → "lista-show-da-banda.csv". */
export function attendeeCsvFileName(eventName: string): string {
  return `lista-${fileSlug(eventName)}.csv`;
}
