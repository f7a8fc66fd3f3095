/**
 * The HTTP side: `POST /api/query|mutation|action` as ConvexHttpClient sends them (Convex
 * Auth refreshes tokens this way, from the browser, hence CORS), `POST /api/function` (the
 * kind found here, as `npx convex run` sends it), and the site port, which serves the app's
 * HTTP actions (convex/http.ts: Convex Auth's routes and JWKS).
 *
 * With the admin key (`Authorization: Convex …`, see front/cli/admin-auth.ts) internal
 * functions, components' functions and the `_system/*` functions are callable too.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { convexToJson, type Value } from "convex/values";
import type { TokenVerifier } from "../functions/auth-keys.ts";
import { adminCaller, adminCredentials, AdminAuthError, ANONYMOUS, type AdminKeyCheck, type Caller } from "./cli/admin-auth.ts";
import type { Access, CallResult, FunctionRunner, FunctionKind } from "../functions/function-runner.ts";
import { FunctionError } from "../functions/function-error.ts";
import { functionArgs } from "./sync/protocol.ts";
import { setCorsHeaders } from "./security/cors.ts";

/** ConvexHttpClient treats this status as "the function failed", with a JSON body. */
const STATUS_FUNCTION_FAILED = 560;
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** `null`: the server finds the kind (`/api/function`). */
const API_KINDS: Record<string, FunctionKind | null> = {
  "/api/query": "query",
  "/api/mutation": "mutation",
  "/api/action": "action",
  "/api/function": null,
};

/** Runs a `_system/*` query for the admin (front/cli/system-functions.ts). */
export type SystemQueryRunner = (udfPath: string, args: Record<string, Value>, componentPath: string) => Promise<Value>;

export type ApiDeps = {
  engine: FunctionRunner;
  verifyToken: TokenVerifier;
  /** Resolves when commit `commit` is durable; rejects (FunctionError) when it was rolled back. */
  persisted: (commit?: number) => Promise<void>;
  /** Resolves when commit `commit` is on disk or rolled back (what a read may then send). */
  saved: (commit: number) => Promise<void>;
  /** Whether a key is the admin key. */
  adminKey: AdminKeyCheck;
  /** The `_system/*` queries, for admin callers. */
  systemQuery: SystemQueryRunner;
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The whole request body; past `maxBytes` the request is refused with 413 and `tooLarge`. */
export async function readBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES, tooLarge = "Request body too large"): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new HttpError(413, "BadRequest", tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

/** Who sends the request: a user's `Bearer` token, the admin key, or nobody. A bad credential is refused. */
export async function callerOf(request: IncomingMessage, deps: Pick<ApiDeps, "adminKey" | "verifyToken">): Promise<Caller> {
  const header = request.headers.authorization;
  const admin = adminCredentials(header, new URL(request.url ?? "/", "http://127.0.0.1"));
  if (admin !== null) return adminCaller(admin, deps.adminKey);
  if (header === undefined) return ANONYMOUS;
  const token = /^Bearer (.+)$/.exec(header)?.[1];
  if (token === undefined) throw new HttpError(401, "Unauthenticated", "Only Bearer tokens and the admin key are supported");
  try {
    return { identity: (await deps.verifyToken(token)).identity, admin: false };
  } catch (error) {
    throw new HttpError(401, "Unauthenticated", `Could not verify the token: ${(error as Error).message}`);
  }
}

/** Runs a call the way the HTTP API does: mutations and actions answered once saved, queries at a saved commit. */
export async function runCall(
  kind: FunctionKind,
  path: string,
  args: Record<string, Value>,
  caller: Caller,
  access: Access,
  deps: ApiDeps,
): Promise<CallResult> {
  const { identity } = caller;
  if (kind === "mutation") return deps.engine.mutate(path, args, identity, null, deps.persisted, access);
  if (kind === "action") {
    // An action is answered once what its mutations committed is saved, or fails with them.
    const result = await deps.engine.call(kind, path, args, identity, null, access);
    if (result.commit !== undefined) await deps.persisted(result.commit);
    return result;
  }
  // A query never sees a commit that is not saved yet.
  return (await deps.engine.readAtOneCommit(() => deps.engine.call(kind, path, args, identity, null, access), deps.saved)).value;
}

async function callFunction(requested: FunctionKind | null, request: IncomingMessage, deps: ApiDeps): Promise<CallResult> {
  let body: { path?: unknown; args?: unknown; componentPath?: unknown };
  try {
    body = JSON.parse((await readBody(request)).toString("utf8")) as typeof body;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "BadJsonBody", "The request body is not JSON");
  }
  if (typeof body !== "object" || body === null || typeof body.path !== "string") {
    throw new HttpError(400, "BadRequest", 'The request body needs a "path"');
  }
  const caller = await callerOf(request, deps);
  const args = functionArgs((body.args ?? {}) as Parameters<typeof functionArgs>[0]);
  const path = body.path;
  const componentPath = typeof body.componentPath === "string" && caller.admin ? body.componentPath : "";
  if (path.startsWith("_system/")) {
    if (!caller.admin || (requested !== null && requested !== "query")) {
      throw new FunctionError(`Could not find public function for '${path}'.`, undefined);
    }
    return { value: await deps.systemQuery(path, args, componentPath), ts: 0n, logLines: [] };
  }
  const kind = requested ?? (await deps.engine.functionKind(path, componentPath))?.kind ?? "query";
  return runCall(kind, path, args, caller, { admin: caller.admin, componentPath }, deps);
}

/** Handles a request on the main port (the WebSocket upgrade is handled elsewhere). */
export async function handleApiRequest(request: IncomingMessage, response: ServerResponse, deps: ApiDeps) {
  // The browser calls /api/action from the app's origin to refresh its Convex Auth tokens.
  setCorsHeaders(request, response);
  const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
  if (request.method === "OPTIONS") {
    response.writeHead(204).end();
    return;
  }
  const kind = API_KINDS[pathname];
  if (kind === undefined || request.method !== "POST") {
    const known = pathname === "/" && request.method === "GET";
    if (known) sendJson(response, 200, { backend: "apoie-local" });
    // The Convex CLI retries a 404 for half a minute: a route it may call that is not here says so at once.
    else if (pathname.startsWith("/api/"))
      sendJson(response, 400, { code: "UnknownRoute", message: `${request.method} ${pathname} is not served by the local backend` });
    else sendJson(response, 404, { code: "NotFound", message: "Not found" });
    return;
  }
  try {
    const { value, logLines } = await callFunction(kind, request, deps);
    sendJson(response, 200, { status: "success", value: convexToJson(value), logLines });
  } catch (error) {
    if (error instanceof HttpError || error instanceof AdminAuthError) {
      sendJson(response, error.status, { code: error.code, message: error.message });
    } else if (error instanceof FunctionError) {
      const errorData = error.errorData === undefined ? {} : { errorData: error.errorData };
      sendJson(response, STATUS_FUNCTION_FAILED, { status: "error", errorMessage: error.message, ...errorData, logLines: error.logLines });
    } else {
      console.error("local backend: request failed:", error);
      sendJson(response, 500, { code: "InternalServerError", message: "Internal server error" });
    }
  }
}

/** Handles a request on the site port with the app's HTTP actions. */
/**
 * Serves an HTTP action on the site port. It is answered once what its mutations committed is
 * saved; if that failed, it gets a 500 and its commits are undone.
 */
export async function handleSiteRequest(
  request: IncomingMessage,
  response: ServerResponse,
  engine: FunctionRunner,
  persisted: (commit: number) => Promise<void>,
) {
  try {
    const method = request.method ?? "GET";
    const body = method === "GET" || method === "HEAD" ? undefined : await readBody(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const init: RequestInit = { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) };
    const { response: result, commit } = await engine.fetch(request.url ?? "/", init);
    if (commit !== undefined) await persisted(commit);
    const outgoing: Record<string, string | string[]> = {};
    result.headers.forEach((value, name) => {
      if (name !== "set-cookie") outgoing[name] = value;
    });
    const cookies = result.headers.getSetCookie();
    if (cookies.length > 0) outgoing["set-cookie"] = cookies;
    response.writeHead(result.status, outgoing);
    response.end(Buffer.from(await result.arrayBuffer()));
  } catch (error) {
    if (error instanceof HttpError) {
      sendJson(response, error.status, { code: error.code, message: error.message });
      return;
    }
    console.error("local backend: HTTP action failed:", error);
    if (!response.headersSent) sendJson(response, 500, { code: "InternalServerError", message: "Internal server error" });
    else response.end();
  }
}
