/**
 * `Baixar lista (CSV)`: the attendee list as a file Excel in Portuguese opens as a table. Pure,
 * used by the browser (the rows come from `attendees:page`).
 *
 * - UTF-8 with a byte order mark: without it Excel reads the file as Windows-1252 and mangles
 *   every accent ("JoÃ£o").
 * - `;` between fields: Excel set to Portuguese uses the comma as the decimal mark and splits a
 *   CSV on `;`.
 * - Papa Parse quotes what needs quoting and neutralizes cells starting with `=`, `+`, `-`, `@`
 *   (a name typed as a formula would otherwise run in the organizer's spreadsheet).
 */
import Papa from "papaparse";
import { formatBRL } from "./money";
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
  code: string;
  issuedAt: number;
  usedAt: number | null;
  status: "valid" | "used" | "cancelled";
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
];

/** The `Situação` column: a cancelled ticket never reads as valid. */
export const ATTENDEE_STATUS_LABELS: Record<AttendeeRow["status"], string> = { valid: "válido", used: "usado", cancelled: "cancelado" };

const BOM = "\uFEFF";

/** "dd/mm/aaaa HH:mm" in `timeZone` (the viewer's unless given). */
export function csvDateTime(at: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("pt-BR", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return parts.format(at).replace(",", "");
}

type AttendeePage = { page: AttendeeRow[]; isDone: boolean; continueCursor: string };

/** Every row of the list, page after page until the server says it is done (a list of any length is complete). */
export async function allAttendeeRows(readPage: (cursor: string | null) => Promise<AttendeePage>): Promise<AttendeeRow[]> {
  const rows: AttendeeRow[] = [];
  let cursor: string | null = null;
  for (;;) {
    const result = await readPage(cursor);
    rows.push(...result.page);
    if (result.isDone) return rows;
    cursor = result.continueCursor;
  }
}

/** The CSV file's text, BOM included. */
export function attendeeCsv(rows: AttendeeRow[], { timeZone }: { timeZone?: string } = {}): string {
  const data = rows.map((row) => [
    row.name,
    row.email,
    row.typeName ?? "Ingresso",
    row.loteIndex === null ? "" : loteLabel(row.loteIndex),
    row.meiaCategory === null ? "Inteira" : "Meia",
    row.meiaCategory === null ? "" : MEIA_CATEGORY_LABELS[row.meiaCategory],
    row.priceCents === null ? "" : formatBRL(row.priceCents),
    ATTENDEE_STATUS_LABELS[row.status],
    row.code,
    csvDateTime(row.issuedAt, timeZone),
    row.usedAt === null ? "" : csvDateTime(row.usedAt, timeZone),
  ]);
  return BOM + Papa.unparse({ fields: ATTENDEE_CSV_HEADER, data }, { delimiter: ";", escapeFormulae: true, newline: "\r\n" });
}

/** A file name from the event's name: "Show da Banda" → "lista-show-da-banda.csv". */
export function attendeeCsvFileName(eventName: string): string {
  return `lista-${fileSlug(eventName)}.csv`;
}

/** The event's name as a file name's part: "Show da Banda" → "show-da-banda". */
export function fileSlug(eventName: string): string {
  const slug = eventName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "evento";
}
