/**
 * The dashboard's pages as plain HTML with inline styles: nothing to fetch, so it works with
 * no internet. Everything from the data is escaped.
 */
import { convexToJson } from "convex/values";
import type { Document } from "../../database/convex-test-adapter.ts";
import type { Overview, TablePage, TableSummary } from "./data.ts";
import { maskDocument } from "./mask.ts";

export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
  :root { color-scheme: light; --ink: #1c2330; --muted: #5b6577; --line: #dde2ea; --accent: #0b5cad; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f5f7fa; }
  header { background: #1c2330; color: #fff; padding: 14px 20px; }
  header a { color: #fff; text-decoration: none; font-weight: 600; }
  header p { margin: 2px 0 0; color: #c6cedb; font-size: 13px; }
  main { max-width: 1100px; margin: 0 auto; padding: 16px; }
  section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin-bottom: 16px; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  h2 { font-size: 17px; margin: 0 0 10px; }
  h3 { font-size: 14px; margin: 14px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
  .scroll { overflow-x: auto; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-size: 13px; color: var(--muted); font-weight: 600; }
  td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
  td.time { white-space: nowrap; }
  @media (max-width: 600px) { main { padding: 10px; } section { padding: 12px 10px; } th, td { padding: 6px; } }
  a { color: var(--accent); }
  code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  pre { margin: 0; padding: 10px; background: #f5f7fa; border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
  ol.documents { list-style: none; padding: 0; margin: 0; display: grid; gap: 10px; }
  .state { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 13px; background: #e8ecf2; }
  .state-success { background: #dcf3e3; color: #17612f; }
  .state-failed { background: #fbe0e0; color: #8c1d1d; }
  .state-pending, .state-inProgress { background: #fff1cc; color: #6b4e00; }
  .muted { color: var(--muted); }
  nav.pager { display: flex; gap: 12px; align-items: center; margin: 10px 0; flex-wrap: wrap; }
  nav.pager a, nav.pager span { padding: 8px 12px; border: 1px solid var(--line); border-radius: 6px; background: #fff; min-height: 44px; display: inline-flex; align-items: center; }
  nav.pager span { color: var(--muted); }
  form.sign-in { display: grid; gap: 8px; max-width: 420px; }
  form.sign-in input { font: inherit; padding: 10px; border: 1px solid var(--muted); border-radius: 6px; min-height: 44px; }
  form.sign-in button { font: inherit; padding: 10px 14px; border: 0; border-radius: 6px; background: var(--accent); color: #fff; min-height: 44px; cursor: pointer; }
  .error { color: #8c1d1d; background: #fbe0e0; padding: 8px 10px; border-radius: 6px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Apoie local backend</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">Apoie local backend</a><p>Read-only view of the data this backend holds.</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

function componentLabel(component: string): string {
  return component === "" ? "App" : `Component ${component}`;
}

function tableLink(component: string, table: string, pageNumber = 0): string {
  const query = new URLSearchParams({ component, table, ...(pageNumber > 0 ? { page: String(pageNumber + 1) } : {}) });
  return `/dashboard/table?${query.toString()}`;
}

function time(ms: unknown): string {
  return typeof ms === "number"
    ? new Date(ms)
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, " UTC")
    : "";
}

function bytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KiB`;
  return `${(size / 1024 / 1024).toFixed(1)} MiB`;
}

function tablesSection(tables: TableSummary[]): string {
  const groups = new Map<string, TableSummary[]>();
  for (const summary of tables) groups.set(summary.component, [...(groups.get(summary.component) ?? []), summary]);
  const parts = [...groups].map(
    ([component, list]) => `<h3>${escape(componentLabel(component))}</h3>
<div class="scroll"><table aria-label="${escape(componentLabel(component))} tables">
<thead><tr><th scope="col">Table</th><th scope="col" class="number">Documents</th></tr></thead>
<tbody>${list
      .map(
        ({ table, count }) =>
          `<tr><th scope="row"><a href="${escape(tableLink(component, table))}">${escape(table)}</a></th><td class="number">${count}</td></tr>`,
      )
      .join("")}</tbody></table></div>`,
  );
  return `<section aria-labelledby="tables"><h2 id="tables">Tables</h2>${parts.join("")}</section>`;
}

function jobsSection({ jobs, jobCount }: Overview): string {
  const rows = jobs
    .map((job) => {
      const state = (job.state as { kind: string; error?: string }) ?? { kind: "" };
      const component = job.component as string;
      return `<tr><td><code>${escape(String(job.name))}</code>${component === "" ? "" : ` <span class="muted">(${escape(component)})</span>`}</td>
<td class="time">${time(job.scheduledTime)}</td>
<td><span class="state state-${escape(state.kind)}">${escape(state.kind)}</span>${state.error ? `<div class="muted">${escape(state.error)}</div>` : ""}</td>
<td class="time">${time(job.completedTime)}</td></tr>`;
    })
    .join("");
  const body =
    jobCount === 0
      ? `<p class="muted">No scheduled functions.</p>`
      : `<div class="scroll"><table aria-label="Scheduled functions"><thead><tr><th scope="col">Function</th><th scope="col">Scheduled for</th><th scope="col">State</th><th scope="col">Completed</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  const shown = jobCount > jobs.length ? ` <span class="muted">(latest ${jobs.length} of ${jobCount})</span>` : "";
  return `<section aria-labelledby="jobs"><h2 id="jobs">Scheduled functions${shown}</h2>${body}</section>`;
}

function filesSection({ files, fileCount, fileBytes }: Overview): string {
  const rows = files
    .map(
      (file) => `<tr><td><a href="/api/storage/${encodeURIComponent(file._id)}"><code>${escape(file._id)}</code></a></td>
<td>${escape(String(file.contentType ?? "—"))}</td><td class="number">${bytes(file.size as number)}</td><td class="time">${time(file._creationTime)}</td></tr>`,
    )
    .join("");
  const body =
    fileCount === 0
      ? `<p class="muted">No stored files.</p>`
      : `<div class="scroll"><table aria-label="Stored files"><thead><tr><th scope="col">Storage id</th><th scope="col">Type</th><th scope="col" class="number">Size</th><th scope="col">Stored</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  return `<section aria-labelledby="files"><h2 id="files">Stored files <span class="muted">(${fileCount}, ${bytes(fileBytes)})</span></h2>${body}</section>`;
}

/** `extra`: sections rendered elsewhere (already escaped), after the tables. */
export function overviewPage(overview: Overview, extra = ""): string {
  return page("Dashboard", `<h1>Dashboard</h1>${tablesSection(overview.tables)}${extra}${jobsSection(overview)}${filesSection(overview)}`);
}

function pager(component: string, table: string, { page: current, pages }: TablePage): string {
  const newer = current > 0 ? `<a href="${escape(tableLink(component, table, current - 1))}" rel="prev">Newer</a>` : "";
  const older = current < pages - 1 ? `<a href="${escape(tableLink(component, table, current + 1))}" rel="next">Older</a>` : "";
  return `<nav class="pager" aria-label="Pages">${newer}<span>Page ${current + 1} of ${pages}</span>${older}</nav>`;
}

function documentItem(table: string, document: Document): string {
  return `<li><pre>${escape(JSON.stringify(convexToJson(maskDocument(table, document)), null, 2))}</pre></li>`;
}

export function tablePage(component: string, table: string, data: TablePage): string {
  const title = `${table}${component === "" ? "" : ` (${component})`}`;
  const list =
    data.count === 0
      ? `<p class="muted">This table is empty.</p>`
      : `${pager(component, table, data)}<ol class="documents" aria-label="Latest documents">${data.documents.map((document) => documentItem(table, document)).join("")}</ol>${pager(component, table, data)}`;
  return page(
    title,
    `<p><a href="/">← All tables</a></p><section aria-labelledby="table"><h1 id="table">${escape(title)}</h1>
<p>${escape(componentLabel(component))} · <strong>${data.count}</strong> documents, newest first</p>${list}</section>`,
  );
}

export function signInPage(error?: string): string {
  const message = error === undefined ? "" : `<p class="error" role="alert">${escape(error)}</p>`;
  return page(
    "Sign in",
    `<section aria-labelledby="sign-in"><h1 id="sign-in">Sign in</h1>
<p>The dashboard shows everything this backend holds, so it asks for the admin key the backend printed at start (<code>Admin key: …</code>, also in the data folder's <code>admin-key</code> file).</p>
${message}<form method="post" action="/dashboard/login" class="sign-in">
<label for="key">Admin key</label>
<input id="key" name="key" type="password" autocomplete="off" required autofocus>
<button type="submit">Open the dashboard</button>
</form></section>`,
  );
}

export function notFoundPage(): string {
  return page("Not found", `<h1>Not found</h1><p><a href="/">Back to the dashboard</a></p>`);
}
