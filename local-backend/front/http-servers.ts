/**
 * The two ports' HTTP servers: on 127.0.0.1 only, refusing foreign Host names (DNS rebinding),
 * and answering 503 until what they serve is ready (a port is needed before: its URL is read
 * by the functions when they load).
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { FORBIDDEN_HOST_MESSAGE, type HostCheck } from "./security/host-check.ts";

export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : port);
    });
  });
}

/** Refuses, with 403 and no data, every request whose Host is not this machine (security/host-check.ts). */
export function refuseForeignHosts(server: Server, allows: HostCheck): void {
  server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    if (allows(request.headers.host)) return;
    // Answered here; the handlers below see a response already sent.
    response.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" }).end(FORBIDDEN_HOST_MESSAGE);
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Serves 503 until `serve` hands over the real handler: a port needed before what it serves exists. */
export function unavailableUntilServed(server: Server): (handler: RequestListener) => void {
  const unavailable: RequestListener = (_request, response) => {
    if (!response.writableEnded) response.writeHead(503).end();
  };
  server.on("request", unavailable);
  return (handler) => {
    server.off("request", unavailable);
    server.on("request", handler);
  };
}
