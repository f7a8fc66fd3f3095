/**
 * A read-only dashboard at the backend's root URL: `/` lists every table (the app's and each
 * component's) with its document count, the scheduled functions with their state and the
 * stored files; `/dashboard/table?component=&table=&page=` pages through a table's latest
 * documents; `/dashboard/stats.json` counts commits and query runs (for the bench);
 * `/dashboard/conflicts.json` is the conflict profiler's report, also shown on `/`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Engine } from "../engine.ts";
import type { ConflictProfiler } from "../profiler/conflict-profiler.ts";
import { conflictsSection } from "../profiler/conflicts-html.ts";
import { readOverview, readTablePage } from "./data.ts";
import { notFoundPage, overviewPage, tablePage } from "./html.ts";

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    // Everything is inline; nothing else may load.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
  });
  response.end(html);
}

/** Serves the dashboard's pages on the main port; false for any other request. */
export async function handleDashboardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  engine: Engine,
  profiler: ConflictProfiler,
): Promise<boolean> {
  if (request.method !== "GET") return false;
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/") {
    const overview = await engine.withInstance((instance) => Promise.resolve(readOverview(instance)));
    sendHtml(response, 200, overviewPage(overview, conflictsSection(profiler.report())));
    return true;
  }
  if (url.pathname === "/dashboard/stats.json") {
    response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    response.end(JSON.stringify({ commits: engine.commitCount, queryRuns: engine.queryRuns }));
    return true;
  }
  if (url.pathname === "/dashboard/conflicts.json") {
    response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    response.end(JSON.stringify(profiler.report()));
    return true;
  }
  if (url.pathname !== "/dashboard/table") return false;
  const component = url.searchParams.get("component") ?? "";
  const table = url.searchParams.get("table") ?? "";
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1) - 1;
  const data = await engine.withInstance((instance) => Promise.resolve(readTablePage(instance, component, table, page)));
  if (data === null || table === "") sendHtml(response, 404, notFoundPage());
  else sendHtml(response, 200, tablePage(component, table, data));
  return true;
}
