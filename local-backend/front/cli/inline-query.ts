/**
 * `POST /api/run_test_function`: `npx convex run --inline-query '<code>'` sends a one-file
 * module (`testQuery.js`) whose default export is `query({ handler })`, importing `query` from
 * `convex:/_system/repl/wrappers.js`. It runs here as a read-only query of the app at one
 * saved commit. Only the admin reaches it, who may run any code in this process anyway.
 */
import type { IncomingMessage } from "node:http";
import { convexToJson, type Value } from "convex/values";
import type { FunctionRunner } from "../../functions/function-runner.ts";
import { toFunctionError } from "../../functions/function-error.ts";
import { HttpError, readBody } from "../http-api.ts";
import { captureLogLines } from "../../functions/logs/console-capture.ts";

type QueryHandler = (ctx: unknown, args: Record<string, Value>) => Promise<Value>;
type QueryRunner = { query: (handler: QueryHandler) => Promise<Value> };

const WRAPPERS_IMPORT = /^\s*import\s*\{[^}]*\}\s*from\s*["']convex:\/_system\/repl\/wrappers\.js["'];?\s*$/m;

/** The handler of the module's default export. */
function handlerOf(source: string): QueryHandler {
  if (/^\s*import\s/m.test(source.replace(WRAPPERS_IMPORT, ""))) {
    throw new HttpError(400, "InvalidModule", "An inline query can import only convex:/_system/repl/wrappers.js");
  }
  const body = source.replace(WRAPPERS_IMPORT, "").replace(/\bexport\s+default\s+/, "return ");
  const define = (definition: { handler?: unknown } | QueryHandler) => (typeof definition === "function" ? definition : definition.handler);
  let handler: unknown;
  try {
    handler = (new Function("query", "internalQuery", body) as (...wrappers: unknown[]) => unknown)(define, define);
  } catch (error) {
    throw new HttpError(400, "InvalidModule", `The inline query does not evaluate: ${(error as Error).message}`);
  }
  if (typeof handler !== "function") throw new HttpError(400, "InvalidModule", "The module's default export is not query({ handler })");
  return handler as QueryHandler;
}

export async function runTestFunction(request: IncomingMessage, engine: FunctionRunner, saved: (commit: number) => Promise<void>) {
  let body: { bundle?: { source?: unknown }; componentId?: unknown };
  try {
    body = JSON.parse((await readBody(request)).toString("utf8")) as typeof body;
  } catch {
    throw new HttpError(400, "BadJsonBody", "The request body is not JSON");
  }
  if (typeof body.bundle?.source !== "string") throw new HttpError(400, "BadRequest", 'The request body needs "bundle.source"');
  if (body.componentId !== undefined && body.componentId !== null) {
    throw new HttpError(400, "NotSupported", "Inline queries run in the app only on the local backend");
  }
  const handler = handlerOf(body.bundle.source);
  const logLines: string[] = [];
  try {
    const { value } = await engine.readAtOneCommit(
      () =>
        engine.withInstance((instance) =>
          captureLogLines(logLines, () => (instance.t as unknown as QueryRunner).query(async (ctx) => handler(ctx, {}))),
        ),
      saved,
    );
    return { status: "success", value: convexToJson(value), logLines };
  } catch (error) {
    return { status: "error", errorMessage: toFunctionError(error).message, logLines };
  }
}
