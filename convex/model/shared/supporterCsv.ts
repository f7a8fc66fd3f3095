/**
 * `Baixar apoiadores (CSV)`: the organizer's list of supports with their rewards and answers,
 * with the hygiene of every organizer's CSV (spreadsheetCsv.ts, beside this file). Pure, used by the browser.
 */
import { formatBRL } from "./money";
import { csvDateTime, fileSlug, spreadsheetCsv } from "./spreadsheetCsv";

/** A support's state as `Meus apoios` and the CSV show it. */
export const SUPPORT_STATE_LABELS = { confirmed: "Confirmado", refunded: "Estornado" } as const;

/** Told to the supporter before they support: who sees their data, and what for. */
export const SUPPORTER_DATA_NOTICE =
  "Ao apoiar, o organizador deste evento recebe seu nome, e-mail, valor, recompensa e resposta, apenas para entregar a recompensa (LGPD).";

export type SupporterRow = {
  name: string;
  email: string;
  amountCents: number;
  rewardTitle: string | null;
  answer: string | null;
  at: number;
  state: string;
  /** The support's `Taxa de serviço`, taken from the payout (model/shared/fees.ts); null when none. */
  feeCents: number | null;
};

export const SUPPORTER_CSV_HEADER = ["Nome", "E-mail", "Valor", "Recompensa", "Resposta", "Data", "Situação", "Taxa de serviço"];

/** The CSV file's text, BOM included. */
export function supporterCsv(rows: SupporterRow[], { timeZone }: { timeZone?: string } = {}): string {
  const data = rows.map((row) => [
    row.name,
    row.email,
    formatBRL(row.amountCents),
    row.rewardTitle ?? "Sem recompensa",
    row.answer ?? "",
    csvDateTime(row.at, timeZone),
    row.state,
    row.feeCents === null ? "" : formatBRL(row.feeCents),
  ]);
  return spreadsheetCsv(SUPPORTER_CSV_HEADER, data);
}

/** A file name from the event's name: "Show da Banda" → "apoiadores-show-da-banda.csv". */
export function supporterCsvFileName(eventName: string): string {
  return `apoiadores-${fileSlug(eventName)}.csv`;
}
