/**
 * The admin HTTP routes the Convex CLI calls on a deployment, beside the function calls of
 * front/http-api.ts. Every one needs the admin key; a wrong or missing one gets 401 and changes
 * nothing.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { callerOf, HttpError, sendJson, type ApiDeps } from "../http-api.ts";
import { AdminAuthError } from "./admin-auth.ts";

/** An admin route: answers with the JSON it returns (or writes the response itself and returns undefined). */
export type AdminRoute = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<unknown>;

export type CliRouteDeps = ApiDeps & {
  url: () => string;
  siteUrl: string;
  /** More routes by "METHOD /path" (or "METHOD /path/*" for everything below it), see cli-support.ts. */
  routes: Map<string, AdminRoute>;
};

function builtInRoutes(deps: CliRouteDeps): Map<string, AdminRoute> {
  return new Map<string, AdminRoute>([
    // `npx convex dev` and `deploy` start here, and write these into .env.local.
    ["GET /api/v1/get_canonical_urls", async () => ({ convexCloudUrl: deps.url(), convexSiteUrl: deps.siteUrl })],
  ]);
}

/** Serves an admin route; false when the request is not one (front/http-api.ts answers it). */
export async function handleCliApiRequest(request: IncomingMessage, response: ServerResponse, deps: CliRouteDeps): Promise<boolean> {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const key = `${request.method} ${url.pathname}`;
  // "GET /api/export/zip/*" serves every path below it.
  const route = builtInRoutes(deps).get(key) ?? deps.routes.get(key) ?? deps.routes.get(key.replace(/\/[^/]*$/, "/*"));
  if (route === undefined) return false;
  try {
    const caller = await callerOf(request, deps);
    if (!caller.admin) throw new AdminAuthError("MissingAdminKey", "This request needs the deployment's admin key");
    const body = await route(request, response, url);
    if (!response.headersSent) sendJson(response, 200, body ?? null);
  } catch (error) {
    if (response.headersSent) {
      response.end();
    } else if (error instanceof HttpError || error instanceof AdminAuthError) {
      sendJson(response, error.status, { code: error.code, message: error.message });
    } else {
      console.error(`local backend: ${key} failed:`, error);
      sendJson(response, 500, { code: "InternalServerError", message: (error as Error).message });
    }
  }
  return true;
}
