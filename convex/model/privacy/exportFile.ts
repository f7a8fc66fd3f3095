/**
 * `Baixar meus dados`: the file itself, one ZIP with a README, each table as JSON (exactly as
 * stored) and as CSV (a spreadsheet opens it). fflate writes the ZIP: small, no dependencies,
 * runs in Convex's runtime as in the browser.
 */
import { strToU8, zipSync } from "fflate";
import { spreadsheetCsv } from "../../model/shared/spreadsheetCsv";
import type { ExportRow } from "./personTables";

export type ExportedTable = { table: string; about: string; rows: ExportRow[] };

/** A cell of the CSV: dates as ISO text (UTC), objects as JSON. */
function cellOf(key: string, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "number" && isDateField(key)) return new Date(value).toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Fields holding a moment: `_creationTime`, `…At`, `…Time`, `holdUntil`, `checkAfter`, `quietFrom`. */
function isDateField(key: string): boolean {
  return key === "_creationTime" || /(At|Time|Until|After|Since)$/.test(key);
}

export function tableCsv(rows: ExportRow[]): string {
  const header = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return spreadsheetCsv(
    header,
    rows.map((row) => header.map((key) => cellOf(key, row[key]))),
  );
}

function readme(tables: ExportedTable[], at: number): string {
  const lines = [
    "Apoie: uma cópia de tudo o que guardamos sobre você",
    `Gerada em ${new Date(at).toISOString()} (UTC).`,
    "",
    "Cada tabela vem em dois formatos:",
    "- json/<tabela>.json: as linhas exatamente como guardadas (datas em milissegundos desde 1970, UTC; valores em centavos).",
    "- csv/<tabela>.csv: as mesmas linhas para planilhas (separadas por ';', datas em ISO 8601, UTC).",
    "Senhas, códigos de verificação e tokens de sessão não vêm na cópia: são chaves, não dados sobre você.",
    "",
    "Tabelas:",
    ...tables.map(({ table, about, rows }) => `- ${table} (${rows.length} ${rows.length === 1 ? "linha" : "linhas"}): ${about}`),
    "",
    "O que guardamos, por quanto tempo e por quê: página Meus dados, no menu da sua conta.",
  ];
  return lines.join("\r\n") + "\r\n";
}

/** The ZIP's bytes. */
export function exportZip(tables: ExportedTable[], at: number): Uint8Array<ArrayBuffer> {
  const files: Record<string, Uint8Array> = { "README.txt": strToU8(readme(tables, at)) };
  for (const { table, rows } of tables) {
    files[`json/${table}.json`] = strToU8(JSON.stringify(rows, null, 2));
    files[`csv/${table}.csv`] = strToU8(tableCsv(rows));
  }
  const zipped = zipSync(files, { level: 6, mtime: at });
  return new Uint8Array(zipped);
}

/** The file's name: `apoie-meus-dados-AAAA-MM-DD.zip`. */
export function exportFileName(at: number): string {
  return `apoie-meus-dados-${new Date(at).toISOString().slice(0, 10)}.zip`;
}
