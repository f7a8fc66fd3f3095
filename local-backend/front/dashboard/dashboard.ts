/**
 * A read-only dashboard at the backend's root URL, for whoever has the admin key (see
 * access.ts): `/` lists every table (the app's and each component's) with its document count,
 * the scheduled functions with their state and the stored files;
 * `/dashboard/table?component=&table=&page=` pages through a table's latest documents, secrets
 * masked (mask.ts); `/dashboard/stats.json` counts commits and query runs (for the bench);
 * `/dashboard/conflicts.json` is the conflict profiler's report, also shown on `/`.
 * Without the key, every page is a sign-in form (`POST /dashboard/login`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FunctionRunner } from "../../functions/function-runner.ts";
import type { ConflictProfiler } from "../../functions/profiler/conflict-profiler.ts";
import { conflictsSection } from "./conflicts-html.ts";
import type { DashboardAccess } from "./access.ts";
import { readOverview, readTablePage } from "./data.ts";
import { notFoundPage, overviewPage, signInPage, tablePage } from "./html.ts";

const PAGES = new Set(["/", "/dashboard/table", "/dashboard/stats.json", "/dashboard/conflicts.json"]);
const SIGN_IN = "/dashboard/login";
const MAX_SIGN_IN_BYTES = 4096;
const WRONG_KEY = "That is not this backend's admin key.";

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    // Everything is inline; nothing else may load, the only form posts here, no one may frame it.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  });
  response.end(html);
}

/** Sets the sign-in cookie and sends the browser on to `location` (without the key in it). */
function signIn(response: ServerResponse, access: DashboardAccess, location: string): void {
  response.writeHead(303, {
    Location: location,
    "Set-Cookie": access.signInCookie(),
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
  });
  response.end();
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of request as AsyncIterable<Buffer>) {
    text += chunk.toString("utf8");
    if (text.length > MAX_SIGN_IN_BYTES) break;
  }
  return new URLSearchParams(text.slice(0, MAX_SIGN_IN_BYTES));
}

/** Serves the dashboard's pages on the main port; false for any other request. */
export async function handleDashboardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  engine: FunctionRunner,
  profiler: ConflictProfiler,
  access: DashboardAccess,
): Promise<boolean> {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (url.pathname === SIGN_IN && request.method === "POST") {
    if (access.isKey((await readForm(request)).get("key"))) signIn(response, access, "/");
    else sendHtml(response, 401, signInPage(WRONG_KEY));
    return true;
  }
  if (request.method !== "GET" || !PAGES.has(url.pathname)) return false;
  const presented = url.searchParams.get("key");
  if (presented !== null) {
    url.searchParams.delete("key");
    if (access.isKey(presented)) signIn(response, access, `${url.pathname}${url.search}`);
    else sendHtml(response, 401, signInPage(WRONG_KEY));
    return true;
  }
  if (!access.allows(request)) {
    if (url.pathname.endsWith(".json")) {
      response.writeHead(401, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      response.end(JSON.stringify({ code: "Unauthorized", message: "The admin key is needed (Authorization: Convex <key>)" }));
    } else {
      sendHtml(response, 401, signInPage());
    }
    return true;
  }
  if (url.pathname === "/") {
    const overview = await engine.withInstance((instance) => Promise.resolve(readOverview(instance)));
    sendHtml(response, 200, overviewPage(overview, conflictsSection(profiler.report())));
    return true;
  }
  if (url.pathname === "/dashboard/stats.json") {
    response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    response.end(JSON.stringify({ commits: engine.database.commitCount, queryRuns: engine.queryRuns }));
    return true;
  }
  if (url.pathname === "/dashboard/conflicts.json") {
    response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    response.end(JSON.stringify(profiler.report()));
    return true;
  }
  const component = url.searchParams.get("component") ?? "";
  const table = url.searchParams.get("table") ?? "";
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1) - 1;
  const data = await engine.withInstance((instance) => Promise.resolve(readTablePage(instance, component, table, page)));
  if (data === null || table === "") sendHtml(response, 404, notFoundPage());
  else sendHtml(response, 200, tablePage(component, table, data));
  return true;
}
