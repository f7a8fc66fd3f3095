/**
 * Writes a bench run into docs/performance.md. A measured row replaces the row with the same
 * Measure in its section's table, a new one is added at the end of it, and every other row
 * stays: a run with --skip or fewer --scales updates only what it measured. Rows the bench no
 * longer produces are deleted by hand.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { COLUMNS, SECTIONS, renderTable, type Row, type Section } from "./table";

export const PERFORMANCE_DOC = fileURLToPath(new URL("../../docs/performance.md", import.meta.url));

const isTableLine = (line: string) => line.trimStart().startsWith("|");
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

/** The rows of the Markdown table that starts at `lines[start]`, read by its header. */
function parseTable(lines: string[], start: number, section: Section): Row[] {
  const headers = cellsOf(lines[start] ?? "");
  const rows: Row[] = [];
  for (let i = start + 2; i < lines.length && isTableLine(lines[i] ?? ""); i++) {
    const cells = cellsOf(lines[i] ?? "");
    const row: Row = { section, measure: "", result: "" };
    for (const [field, header] of COLUMNS) {
      const value = cells[headers.indexOf(header)];
      if (value !== undefined && value !== "") Object.assign(row, { [field]: value });
    }
    rows.push(row);
  }
  return rows;
}

/** The document with `measured` merged into its section tables (a missing section is added at the end). */
export function mergeIntoDoc(markdown: string, measured: Row[]): string {
  const lines = markdown.split("\n");
  for (const section of Object.keys(SECTIONS) as Section[]) {
    const fresh = measured.filter((row) => row.section === section);
    if (fresh.length === 0) continue;
    const heading = lines.indexOf(`## ${SECTIONS[section]}`);
    if (heading === -1) {
      lines.push("", `## ${SECTIONS[section]}`, "", renderTable(fresh));
      continue;
    }
    const start = lines.findIndex((line, i) => i > heading && (isTableLine(line) || line.startsWith("## ")));
    if (start === -1 || !isTableLine(lines[start] ?? "")) {
      lines.splice(heading + 1, 0, "", renderTable(fresh));
      continue;
    }
    const rows = parseTable(lines, start, section);
    for (const row of fresh) {
      const at = rows.findIndex((old) => old.measure === row.measure);
      if (at === -1) rows.push(row);
      else rows[at] = row;
    }
    let end = start;
    while (end < lines.length && isTableLine(lines[end] ?? "")) end++;
    lines.splice(start, end - start, renderTable(rows));
  }
  return lines.join("\n");
}

/** Merges the rows this run measured (not the "not measured" ones) into docs/performance.md, formatted like every file. */
export async function writePerformanceDoc(rows: Row[]): Promise<void> {
  const measured = rows.filter((row) => !row.result.startsWith("not measured"));
  const merged = mergeIntoDoc(readFileSync(PERFORMANCE_DOC, "utf8"), measured);
  const options = (await resolveConfig(PERFORMANCE_DOC)) ?? {};
  writeFileSync(PERFORMANCE_DOC, await format(merged, { ...options, filepath: PERFORMANCE_DOC }));
}
