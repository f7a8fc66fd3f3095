/**
 * The HTTP side: `POST /api/query|mutation|action` as ConvexHttpClient sends them (Convex
 * Auth refreshes tokens this way, from the browser, hence CORS), and the site port, which
 * serves the app's HTTP actions (convex/http.ts: Convex Auth's routes and JWKS).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { convexToJson } from "convex/values";
import type { Identity, TokenVerifier } from "./auth-keys.ts";
import type { CallResult, Engine, FunctionKind } from "./engine.ts";
import { FunctionError } from "./engine/function-error.ts";
import { functionArgs } from "./protocol.ts";

/** ConvexHttpClient treats this status as "the function failed", with a JSON body. */
const STATUS_FUNCTION_FAILED = 560;
const MAX_BODY_BYTES = 16 * 1024 * 1024;

const API_KINDS: Record<string, FunctionKind> = {
  "/api/query": "query",
  "/api/mutation": "mutation",
  "/api/action": "action",
};

export type ApiDeps = {
  engine: Engine;
  verifyToken: TokenVerifier;
  /** Resolves when commit `commit` is durable; rejects (FunctionError) when it was rolled back. */
  persisted: (commit?: number) => Promise<void>;
  /** Resolves when commit `commit` is on disk or rolled back (what a read may then send). */
  saved: (commit: number) => Promise<void>;
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "BadRequest", "Request body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

async function identityOf(request: IncomingMessage, verifyToken: TokenVerifier): Promise<Identity | null> {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const token = /^Bearer (.+)$/.exec(header)?.[1];
  if (token === undefined) throw new HttpError(401, "Unauthenticated", "Only Bearer tokens are supported");
  try {
    return (await verifyToken(token)).identity;
  } catch (error) {
    throw new HttpError(401, "Unauthenticated", `Could not verify the token: ${(error as Error).message}`);
  }
}

async function callFunction(kind: FunctionKind, request: IncomingMessage, deps: ApiDeps): Promise<CallResult> {
  let body: { path?: unknown; args?: unknown };
  try {
    body = JSON.parse((await readBody(request)).toString("utf8")) as typeof body;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "BadJsonBody", "The request body is not JSON");
  }
  if (typeof body !== "object" || body === null || typeof body.path !== "string") {
    throw new HttpError(400, "BadRequest", 'The request body needs a "path"');
  }
  const identity = await identityOf(request, deps.verifyToken);
  const args = functionArgs((body.args ?? {}) as Parameters<typeof functionArgs>[0]);
  const path = body.path;
  if (kind === "mutation") return deps.engine.mutate(path, args, identity, null, deps.persisted);
  if (kind === "action") {
    // An action is answered once what its mutations committed is saved, or fails with them.
    const result = await deps.engine.call(kind, path, args, identity);
    if (result.commit !== undefined) await deps.persisted(result.commit);
    return result;
  }
  // A query never sees a commit that is not saved yet.
  return (await deps.engine.readAtOneCommit(() => deps.engine.call(kind, path, args, identity), deps.saved)).value;
}

/** Handles a request on the main port (the WebSocket upgrade is handled elsewhere). */
export async function handleApiRequest(request: IncomingMessage, response: ServerResponse, deps: ApiDeps) {
  // The browser calls /api/action from the Vite origin to refresh its Convex Auth tokens.
  response.setHeader("Access-Control-Allow-Origin", request.headers.origin ?? "*");
  response.setHeader("Vary", "Origin");
  response.setHeader("Access-Control-Allow-Headers", "Content-Type, Authorization, Convex-Client");
  response.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
  if (request.method === "OPTIONS") {
    response.writeHead(204).end();
    return;
  }
  const kind = API_KINDS[pathname];
  if (kind === undefined || request.method !== "POST") {
    const known = pathname === "/" && request.method === "GET";
    sendJson(response, known ? 200 : 404, known ? { backend: "apoie-local" } : { code: "NotFound", message: "Not found" });
    return;
  }
  try {
    const { value, logLines } = await callFunction(kind, request, deps);
    sendJson(response, 200, { status: "success", value: convexToJson(value), logLines });
  } catch (error) {
    if (error instanceof HttpError) {
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
  engine: Engine,
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
