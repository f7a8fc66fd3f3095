/**
 * What the Convex CLI needs from a deployment beyond function calls, put together for
 * server.ts: the `_system/*` queries and the admin routes (environment variables, logs,
 * inline queries, import and export).
 */
import type { Value } from "convex/values";
import type { Engine } from "../engine.ts";
import { HttpError, readBody } from "../http-api.ts";
import type { EnvironmentChange, EnvironmentVariables } from "./environment-variables.ts";
import { functionLog, POLL_WAIT_MS } from "./function-log.ts";
import { runTestFunction } from "./inline-query.ts";
import type { AdminRoute } from "./routes.ts";
import { runSystemQuery, type SystemState } from "./system-functions.ts";

export type CliSupportDeps = {
  engine: Engine;
  url: () => string;
  environment: EnvironmentVariables;
  /** Resolves when a commit is on disk or rolled back (what a read may then show). */
  saved: (commit: number) => Promise<void>;
  /** Resolves when the backend stops (long polls end). */
  closed: Promise<void>;
};

async function jsonBody(request: Parameters<AdminRoute>[0]): Promise<Record<string, unknown>> {
  try {
    const body: unknown = JSON.parse((await readBody(request)).toString("utf8"));
    if (typeof body === "object" && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw new HttpError(400, "BadJsonBody", "The request body is not a JSON object");
}

export function createCliSupport(deps: CliSupportDeps) {
  const { environment } = deps;
  const system: SystemState = {
    engine: deps.engine,
    url: deps.url,
    extra: new Map<string, (args: Record<string, Value>) => Value>([
      ["_system/cli/queryEnvironmentVariables", () => environment.list()],
      ["_system/cli/queryEnvironmentVariables:get", (args) => environment.get(String(args.name))],
    ]),
  };
  const routes = new Map<string, AdminRoute>([
    [
      "POST /api/update_environment_variables",
      async (request) => {
        const { changes } = await jsonBody(request);
        if (!Array.isArray(changes)) throw new HttpError(400, "BadRequest", 'The request body needs "changes"');
        await environment.update(changes as EnvironmentChange[]);
        return {};
      },
    ],
    [
      "GET /api/stream_function_logs",
      async (_request, _response, url) => {
        const cursor = Number(url.searchParams.get("cursor") ?? 0);
        return functionLog.since(Number.isFinite(cursor) ? cursor : 0, POLL_WAIT_MS, deps.closed);
      },
    ],
    ["POST /api/run_test_function", (request) => runTestFunction(request, deps.engine, deps.saved)],
  ]);
  return {
    routes,
    systemQuery: (udfPath: string, args: Record<string, Value>, componentPath: string) => runSystemQuery(system, udfPath, args, componentPath),
  };
}
