/**
 * The sandbox's HTTP server, on 127.0.0.1 only: serves the request handler (handler.ts) over
 * HTTP, keeps the store in its data file, resumes the webhooks a previous run left due and
 * expires unpaid charges on time.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError } from "./errors.ts";
import { AnswerLost, createPixHandler, jsonResponse, type PixHandler, type PixHandlerOptions } from "./handler.ts";
import type { Sandbox } from "./sandbox.ts";
import { openStoreFile } from "./store-file.ts";

export const DEFAULT_PORT = 3212;
const MAX_BODY_BYTES = 64 * 1024;
const EXPIRY_SWEEP_MS = 1000;

export type PixSandboxOptions = Pick<PixHandlerOptions, "accessToken" | "webhookSecret" | "payoutPublicKey" | "webhooks" | "now"> & {
  /** 0 picks a free port. */
  port: number;
  /** JSON file keeping the state across restarts; null keeps it in memory. */
  dataFile: string | null;
};

export type PixSandbox = {
  url: string;
  port: number;
  sandbox: Sandbox;
  close(): Promise<void>;
};

export type { Fault } from "./handler.ts";

export async function startPixSandbox(options: PixSandboxOptions): Promise<PixSandbox> {
  const { store, flushed } = await openStoreFile(options.dataFile);
  const server = createServer();
  const port = await listen(server, options.port);
  const origin = `http://127.0.0.1:${port}`;
  const pix = createPixHandler({ ...options, store, origin, otherOrigins: [`http://localhost:${port}`] });
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  server.on("request", (request: IncomingMessage, response: ServerResponse) => void serve(pix, allowedHosts, request, response));
  pix.webhooks.resume();
  const sweep = setInterval(() => pix.sandbox.expireDuePayments(), EXPIRY_SWEEP_MS);
  sweep.unref();
  return {
    url: origin,
    port,
    sandbox: pix.sandbox,
    async close() {
      clearInterval(sweep);
      pix.webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await flushed();
    },
  };
}

/** Listens on 127.0.0.1 (`port` 0: a free one); resolves with the port. */
async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** One HTTP request through the handler; a `drop` fault closes the connection instead of answering. */
async function serve(pix: PixHandler, allowedHosts: Set<string>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    // Only this machine's own names: a page elsewhere cannot reach the sandbox by DNS rebinding.
    if (!allowedHosts.has(request.headers.host ?? "")) throw new ApiError(403, "forbidden", "Unknown Host");
    await send(response, await pix.handle(await toRequest(request)));
  } catch (error) {
    if (error instanceof AnswerLost) {
      response.socket?.destroy();
      return;
    }
    const answer = error instanceof ApiError ? error : new ApiError(500, "internal_error", "Internal server error");
    if (!(error instanceof ApiError)) console.error("pix-sandbox:", error);
    await send(response, jsonResponse({ status: answer.status, body: answer.body }));
  }
}

/** The incoming message as a fetch `Request`, its body read whole (up to MAX_BODY_BYTES). */
async function toRequest(request: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const method = request.method ?? "GET";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, "bad_request", "Request body too large");
    chunks.push(chunk);
  }
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(request.url ?? "/", `http://${request.headers.host}`), {
    method,
    headers,
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  });
}

async function send(response: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, { ...Object.fromEntries(answer.headers), "content-length": body.length });
  response.end(body);
}
