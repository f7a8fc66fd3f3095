export type Status = "PASS" | "FAIL";

/** The sections of docs/performance.md, in order: each row of the bench belongs to one. */
export const SECTIONS = {
  list: "events:list, one page of 24",
  functions: "Documents read per call",
  batches: "Long work in batches",
  live: "Live updates",
  weight: "Page weight (gzip)",
  lighthouse: "Lighthouse (mobile)",
  hot: "A hot event",
  dev: "Development loop",
  limits: "Closest to Convex's limits (highest share per call)",
} as const;
export type Section = keyof typeof SECTIONS;

/** `measured`: when and under what load the bench run that measured the row ran (see main.ts). */
export type Row = {
  section: Section;
  measure: string;
  result: string;
  original?: string;
  target?: string;
  status?: Status;
  measured?: string;
};

type Field = "measure" | "result" | "original" | "target" | "status" | "measured";
/** Column headers; a section's table shows only the columns one of its rows fills. */
export const COLUMNS: [Field, string][] = [
  ["measure", "Measure"],
  ["result", "Result"],
  ["original", "Before"],
  ["target", "Target"],
  ["status", "Status"],
  ["measured", "Measured"],
];

/** One section's Markdown table, padded so it also reads well in a terminal. */
export function renderTable(rows: Row[]): string {
  const columns = COLUMNS.filter(([field]) => rows.some((row) => (row[field] ?? "") !== ""));
  const cells = [columns.map(([, header]) => header), ...rows.map((row) => columns.map(([field]) => row[field] ?? ""))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? "").length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [header = [], ...body] = cells;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

/** Every section that has rows, as a heading and its table (the shape of docs/performance.md). */
export function renderSections(rows: Row[]): string {
  return (Object.keys(SECTIONS) as Section[])
    .map((section) => ({ section, rows: rows.filter((row) => row.section === section) }))
    .filter((part) => part.rows.length > 0)
    .map((part) => `## ${SECTIONS[part.section]}\n\n${renderTable(part.rows)}`)
    .join("\n\n");
}
