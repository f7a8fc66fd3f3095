/** The mailbox's HTTP server, on 127.0.0.1 only: serves the handler; a `drop` fault closes the connection instead of answering. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AnswerLost, createMailHandler, type MailHandler, type MailHandlerOptions } from "./handler.ts";

export const DEFAULT_PORT = 3213;
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type MailSandbox = { url: string; port: number; mail: MailHandler; close(): Promise<void> };

export async function startMailSandbox(options: MailHandlerOptions & { port: number }): Promise<MailSandbox> {
  const server = createServer();
  const port = await listen(server, options.port);
  const mail = createMailHandler(options);
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  server.on("request", (request: IncomingMessage, response: ServerResponse) => void serve(mail, allowedHosts, request, response));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    mail,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function serve(mail: MailHandler, allowedHosts: Set<string>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    // Only this machine's own names: a page elsewhere cannot read the inbox by DNS rebinding.
    if (!allowedHosts.has(request.headers.host ?? "")) return send(response, new Response("Unknown Host", { status: 403 }));
    await send(response, await mail.handle(await toRequest(request)));
  } catch (error) {
    if (error instanceof AnswerLost) {
      response.socket?.destroy();
      return;
    }
    console.error("mail-sandbox:", error);
    await send(response, new Response(JSON.stringify({ statusCode: 500, name: "internal_server_error" }), { status: 500 }));
  }
}

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
    if (size > MAX_BODY_BYTES) throw new Error("request body too large");
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
  if (response.destroyed) return;
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, { ...Object.fromEntries(answer.headers), "content-length": body.length });
  response.end(body);
}
