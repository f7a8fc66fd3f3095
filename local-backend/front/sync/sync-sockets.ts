/**
 * The sync protocol's WebSockets: `/api/<client version>/sync` on the main port, one
 * SyncSession per socket, pinged so the client keeps it open.
 */
import type { Server } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { FORBIDDEN_HOST_MESSAGE, type HostCheck } from "../security/host-check.ts";
import { SyncSession, type SessionDeps } from "./sync-session.ts";

/** The client drops a connection after 60 s without a message; stay well inside that. */
const PING_INTERVAL_MS = 20_000;
/** WebSocket close code for a client that broke the protocol (RFC 6455: protocol error). */
const CLOSE_PROTOCOL_ERROR = 1002;

/** Serves the sync protocol on `/api/<client version>/sync`, one SyncSession per socket. */
export function acceptSyncConnections(
  server: Server,
  deps: Omit<SessionDeps, "send" | "fail">,
  sessions: Set<SyncSession>,
  allowsHost: HostCheck,
): WebSocketServer {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  server.on("upgrade", (request, socket, head) => {
    // As on Convex, any Origin may connect (the app's own client is on another origin, and no
    // cookie counts here); the Host must be this machine's, against DNS rebinding.
    if (!allowsHost(request.headers.host)) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${FORBIDDEN_HOST_MESSAGE}`);
      return;
    }
    const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (!/^\/api\/[^/]+\/sync$/.test(pathname)) {
      socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serveSocket(ws));
  });

  function serveSocket(ws: WebSocket): void {
    const session = new SyncSession({
      ...deps,
      send: (message) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
      },
      fail: (error) => {
        console.warn(`local backend: closing a connection: ${error.message}`);
        // A close reason is limited to 123 bytes.
        ws.close(CLOSE_PROTOCOL_ERROR, Buffer.from(error.message).subarray(0, 120).toString());
      },
    });
    sessions.add(session);
    const ping = setInterval(() => ws.send(JSON.stringify({ type: "Ping" })), PING_INTERVAL_MS);
    ws.on("message", (data, isBinary) => {
      // A binary frame is not a protocol message: the session rejects it like bad JSON.
      session.receive(isBinary ? "" : (data as Buffer).toString("utf8"));
    });
    // A frame that breaks RFC 6455 (unmasked, bad opcode, too large): ws closes the socket itself;
    // without a listener the 'error' event would throw and take the whole backend down.
    ws.on("error", (error) => console.warn(`local backend: connection error: ${error.message}`));
    ws.on("close", () => {
      clearInterval(ping);
      session.close();
      sessions.delete(session);
    });
  }
  return sockets;
}
