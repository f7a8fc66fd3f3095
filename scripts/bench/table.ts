export type Status = "PASS" | "FAIL";

export type Row = { measure: string; result: string; original?: string; target?: string; status?: Status };

const HEADERS = ["Measure", "Result", "Original app", "Target", "Status"];

/** A Markdown table, padded so it also reads well in a terminal (and pastes into the README). */
export function renderTable(rows: Row[]): string {
  const cells = rows.map((row) => [row.measure, row.result, row.original ?? "", row.target ?? "", row.status ?? ""]);
  const widths = HEADERS.map((header, i) => Math.max(header.length, ...cells.map((line) => (line[i] ?? "").length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(HEADERS), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join("\n");
}
