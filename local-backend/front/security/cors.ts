/**
 * CORS for the HTTP API and files, as a Convex deployment answers it: the request's Origin is
 * mirrored with `Access-Control-Allow-Credentials: true` (so `navigator.sendBeacon`, which
 * always sends credentials, gets through), the requested headers are allowed, and a preflight
 * is remembered for a day. No cookie authorizes anything on these routes: calls carry their
 * token in `Authorization`, so letting any origin make them gives it nothing a plain HTTP
 * client lacks. The dashboard, which a cookie does unlock, never gets these headers.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

const METHODS = "GET, POST, OPTIONS, PATCH, DELETE, PUT";
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

export function setCorsHeaders(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader("Vary", "Origin, Access-Control-Request-Headers");
  const origin = request.headers.origin;
  if (origin === undefined) return;
  response.setHeader("Access-Control-Allow-Origin", origin);
  response.setHeader("Access-Control-Allow-Credentials", "true");
  if (request.method === "OPTIONS") {
    response.setHeader("Access-Control-Allow-Methods", METHODS);
    const requested = request.headers["access-control-request-headers"];
    if (requested !== undefined) response.setHeader("Access-Control-Allow-Headers", requested);
    response.setHeader("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS));
  }
}
