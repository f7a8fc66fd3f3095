/**
 * What every CSV the organizer downloads has in common (the attendee list, the supporters): a
 * file Excel in Portuguese opens as a table. Pure, used by the browser.
 *
 * - UTF-8 with a byte order mark: without it Excel reads the file as Windows-1252 and mangles
 *   every accent ("JoÃ£o").
 * - `;` between fields: Excel set to Portuguese uses the comma as the decimal mark and splits a
 *   CSV on `;`.
 * - Papa Parse quotes what needs quoting and neutralizes cells starting with `=`, `+`, `-`, `@`
 *   (a name typed as a formula would otherwise run in the organizer's spreadsheet).
 */
import Papa from "papaparse";
import { DATE_TIME_FIELDS } from "./dateTimeFields";

const BOM = "\uFEFF";

/** The CSV file's text, BOM included. */
export function spreadsheetCsv(header: string[], data: string[][]): string {
  return BOM + Papa.unparse({ fields: header, data }, { delimiter: ";", escapeFormulae: true, newline: "\r\n" });
}

/** "dd/mm/aaaa HH:mm" in `timeZone` (the viewer's unless given). */
export function csvDateTime(at: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("pt-BR", { ...DATE_TIME_FIELDS, timeZone });
  return parts.format(at).replace(",", "");
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

type Page<Row> = { page: Row[]; isDone: boolean; continueCursor: string };

/** Every row of a paginated list, page after page until the server says it is done (a list of any length is complete). */
export async function allRowsOf<Row>(readPage: (cursor: string | null) => Promise<Page<Row>>): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (;;) {
    const result = await readPage(cursor);
    rows.push(...result.page);
    if (result.isDone) return rows;
    cursor = result.continueCursor;
  }
}
