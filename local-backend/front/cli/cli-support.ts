/**
 * What the Convex CLI needs from a deployment beyond function calls, put together for
 * server.ts: the `_system/*` queries and the admin routes (environment variables, logs,
 * inline queries, import and export).
 */
import type { Value } from "convex/values";
import type { FunctionRunner } from "../../functions/function-runner.ts";
import type { FileStore } from "../files/file-store.ts";
import type { TableNumbers } from "../../database/ids/table-numbers.ts";
import { HttpError, readBody } from "../http-api.ts";
import type { EnvironmentChange, EnvironmentVariables } from "./environment-variables.ts";
import { functionLog, POLL_WAIT_MS } from "../../functions/logs/execution-log.ts";
import { runTestFunction } from "./inline-query.ts";
import type { AdminRoute } from "./routes.ts";
import { buildExport, type ExportState } from "./snapshot-export.ts";
import { SnapshotImports } from "./snapshot-import.ts";
import { runSystemQuery, type SystemState } from "./system-functions.ts";

export type CliSupportDeps = {
  engine: FunctionRunner;
  url: () => string;
  environment: EnvironmentVariables;
  /** Resolves when a commit is on disk or rolled back (what a read may then show). */
  saved: (commit: number) => Promise<void>;
  /** Resolves once a commit is durable; rejects when it was rolled back. */
  persisted: (commit?: number) => Promise<void>;
  files: FileStore;
  /** The data folder's table numbers, which an import of a deployment's snapshot adds to. */
  tableNumbers: TableNumbers;
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

/** The latest export, kept in memory until the next one. */
type LatestExport = { current: { state: ExportState; zip: Buffer } | null };

/** `npx convex export`: a snapshot zip made on request, then downloaded. */
function exportRoutes(deps: CliSupportDeps, latest: LatestExport): [string, AdminRoute][] {
  return [
    [
      "POST /api/export/request/zip",
      async (_request, _response, url) => {
        const includeStorage = url.searchParams.get("includeStorage") === "true";
        const { zip, ts } = await buildExport(deps.engine, deps.files, includeStorage, deps.saved);
        const now = Date.now();
        const state: ExportState = {
          _id: String(ts),
          _creationTime: now,
          state: "completed",
          start_ts: ts,
          complete_ts: ts,
          zip_object_key: `snapshot_${ts}.zip`,
          requestor: "cliExport",
          format: { format: "zip", include_storage: includeStorage },
        };
        latest.current = { state, zip };
        return {};
      },
    ],
    [
      "GET /api/export/zip/*",
      async (_request, response, url) => {
        const ts = url.pathname.slice("/api/export/zip/".length);
        if (latest.current === null || String(latest.current.state.start_ts) !== ts)
          throw new HttpError(400, "ExportNotFound", `No export at ${ts}`);
        response.writeHead(200, {
          "Content-Type": "application/zip",
          "Content-Length": latest.current.zip.length,
          "Content-Disposition": `attachment; filename=${latest.current.state.zip_object_key}`,
        });
        response.end(latest.current.zip);
      },
    ],
  ];
}

export function createCliSupport(deps: CliSupportDeps) {
  const { environment } = deps;
  const imports = new SnapshotImports({
    engine: deps.engine,
    files: deps.files,
    tableNumbers: deps.tableNumbers,
    persisted: deps.persisted,
  });
  const latest: LatestExport = { current: null };
  const system: SystemState = {
    engine: deps.engine,
    url: deps.url,
    extra: new Map<string, (args: Record<string, Value>) => Value>([
      ["_system/cli/queryEnvironmentVariables", () => environment.list()],
      ["_system/cli/queryEnvironmentVariables:get", (args) => environment.get(String(args.name))],
      ["_system/cli/queryImport", (args) => imports.get(args.importId) as Value],
      ["_system/cli/queryImport:list", () => imports.list() as Value],
      ["_system/cli/exports:getLatest", () => latest.current?.state ?? null],
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
    ["POST /api/import/start_upload", async () => imports.startUpload()],
    [
      "POST /api/import/upload_part",
      async (request, _response, url) =>
        imports.uploadPart(url.searchParams.get("uploadToken"), Number(url.searchParams.get("partNumber")), await readBody(request)),
    ],
    ["POST /api/import/finish_upload", async (request) => imports.finishUpload(await jsonBody(request))],
    ["POST /api/perform_import", async (request) => void (await imports.perform((await jsonBody(request)).importId))],
    ...exportRoutes(deps, latest),
  ]);
  return {
    routes,
    systemQuery: (udfPath: string, args: Record<string, Value>, componentPath: string) =>
      runSystemQuery(system, udfPath, args, componentPath),
  };
}
