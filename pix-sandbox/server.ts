/**
 * The sandbox's HTTP server, on 127.0.0.1 only: Mercado Pago's routes under `/v1/` (Bearer
 * token, X-Idempotency-Key on every POST), the page at `/` and the control API under
 * `/sandbox/` (see API.md).
 */
import { createHash, createPublicKey, timingSafeEqual, verify, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError, badRequest, invalidToken, missingIdempotencyKey, notFound } from "./errors.ts";
import { renderPage } from "./page.ts";
import { Sandbox } from "./sandbox.ts";
import { Store } from "./store.ts";
import { MERCADO_PAGO_RETRY_DELAYS_MS, MERCADO_PAGO_TIMEOUT_MS, WebhookSender, type WebhookConfig } from "./webhooks.ts";

export const DEFAULT_PORT = 3212;
const MAX_BODY_BYTES = 64 * 1024;
const EXPIRY_SWEEP_MS = 1000;
const MAX_REDELIVER_TIMES = 20;

export type PixSandboxOptions = {
  /** 0 picks a free port. */
  port: number;
  accessToken: string;
  webhookSecret: string;
  /** JSON file keeping the state across restarts; null keeps it in memory. */
  dataFile: string | null;
  /**
   * An Ed25519 public key (PEM): payouts must then carry `X-Signature`, the base64 signature of
   * their body, as Mercado Pago's production Payouts API requires. Null: not checked (its test mode).
   */
  payoutPublicKey?: string | null;
  webhooks?: Partial<WebhookConfig>;
  /** The clock (epoch ms); tests move it. */
  now?: () => number;
};

export type PixSandbox = {
  url: string;
  port: number;
  sandbox: Sandbox;
  close(): Promise<void>;
};

/**
 * What the next call to a Mercado Pago route meets: `status`, that HTTP status instead of the
 * work (408, 409, 429, 5xx: answers that say nothing about whether it was done); `drop`, the work
 * done and the connection closed before the answer (an answer lost on the way back).
 */
export type Fault = { kind: "status"; status: number } | { kind: "drop" };

/** `?status=429` or `?drop=1`, and `&times=<n>` (default 1). */
function parseFaults(query: URLSearchParams): Fault[] {
  const times = Number(query.get("times") ?? "1");
  if (!Number.isInteger(times) || times < 1 || times > 100) throw badRequest("times must be 1 to 100");
  const status = query.get("status");
  let fault: Fault;
  if (query.get("drop") === "1") fault = { kind: "drop" };
  else if (status !== null && /^(4\d\d|5\d\d)$/.test(status)) fault = { kind: "status", status: Number(status) };
  else throw badRequest("give status=<4xx or 5xx> or drop=1");
  return Array.from({ length: times }, () => fault);
}

class JsonAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  response.end(text);
}

/** The raw body (what a signature covers) and its JSON. */
async function readJson(request: IncomingMessage): Promise<{ raw: Buffer; json: unknown }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, "bad_request", "Request body too large");
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks);
  const text = raw.toString("utf8");
  if (text.trim() === "") return { raw, json: undefined };
  try {
    return { raw, json: JSON.parse(text) };
  } catch {
    throw badRequest("Bad JSON format");
  }
}

/** Refuses a payout whose body is not signed by the key's owner (401, nothing created, the idempotency key unused). */
function checkPayoutSignature(request: IncomingMessage, raw: Buffer, publicKey: KeyObject): void {
  const header = request.headers["x-signature"];
  const signature = typeof header === "string" ? Buffer.from(header, "base64") : null;
  if (signature === null || signature.length !== 64 || !verify(null, raw, publicKey, signature)) {
    throw new ApiError(401, "unauthorized", "invalid signature");
  }
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function checkedConfig(body: unknown, config: WebhookConfig): Partial<WebhookConfig> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("Bad JSON format");
  const change = body as Record<string, unknown>;
  const result: Partial<WebhookConfig> = {};
  for (const flag of ["webhooks", "duplicates"] as const) {
    if (change[flag] === undefined) continue;
    if (typeof change[flag] !== "boolean") throw badRequest(`${flag} must be true or false`);
    result[flag] = change[flag];
  }
  const isDelay = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value >= 0;
  if (change.outOfOrderMs !== undefined) {
    if (!isDelay(change.outOfOrderMs)) throw badRequest("outOfOrderMs must be a whole number of milliseconds");
    result.outOfOrderMs = change.outOfOrderMs as number;
  }
  if (change.retryDelaysMs !== undefined) {
    if (!Array.isArray(change.retryDelaysMs) || !change.retryDelaysMs.every(isDelay))
      throw badRequest("retryDelaysMs must be a list of milliseconds");
    result.retryDelaysMs = change.retryDelaysMs as number[];
  }
  return { ...config, ...result };
}

export async function startPixSandbox(options: PixSandboxOptions): Promise<PixSandbox> {
  const now = options.now ?? Date.now;
  const config: WebhookConfig = {
    webhooks: true,
    duplicates: false,
    outOfOrderMs: 0,
    retryDelaysMs: MERCADO_PAGO_RETRY_DELAYS_MS,
    timeoutMs: MERCADO_PAGO_TIMEOUT_MS,
    ...options.webhooks,
  };
  const store = await Store.open(options.dataFile);
  const webhooks = new WebhookSender(store, config, options.webhookSecret, now);
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = new Set([origin, `http://localhost:${port}`]);
  const sandbox = new Sandbox(store, webhooks, now, origin);
  const payoutPublicKey = options.payoutPublicKey ? createPublicKey(options.payoutPublicKey) : null;

  /** Mercado Pago's POST: the answer first given for this key, or a new one (kept when it succeeded). */
  async function idempotent(
    request: IncomingMessage,
    route: string,
    create: (body: unknown) => JsonAnswer,
    signedBy: KeyObject | null = null,
  ): Promise<JsonAnswer> {
    const key = request.headers["x-idempotency-key"];
    if (typeof key !== "string" || key.trim() === "") throw missingIdempotencyKey();
    const { raw, json: body } = await readJson(request);
    if (signedBy !== null) checkPayoutSignature(request, raw, signedBy);
    // No await between this look-up and keeping the answer: two requests with one key create one resource.
    const kept = store.keptAnswer(route, key);
    if (kept !== undefined) return new JsonAnswer(kept.status, kept.body);
    const answer = create(body);
    store.keepAnswer(route, key, { status: answer.status, body: answer.body });
    store.changed();
    return answer;
  }

  /** Faults for the next calls to Mercado Pago's routes, in order (POST /sandbox/faults). */
  const faults: Fault[] = [];

  async function mercadoPago(request: IncomingMessage, path: string): Promise<JsonAnswer> {
    const authorization = request.headers.authorization ?? "";
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (token === undefined || !sameSecret(token, options.accessToken)) throw invalidToken();
    const method = request.method;
    if (method === "POST" && path === "/v1/payments") {
      return idempotent(request, path, (body) => new JsonAnswer(201, sandbox.createPayment(body)));
    }
    if (method === "POST" && path === "/v1/transaction-intents/process") {
      return idempotent(request, path, (body) => new JsonAnswer(202, sandbox.createPayout(body)), payoutPublicKey);
    }
    let match = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === "GET" && match) return new JsonAnswer(200, sandbox.payment(decodeURIComponent(match[1]!)));
    match = /^\/v1\/transaction-intents\/([^/]+)$/.exec(path);
    if (method === "GET" && match) return new JsonAnswer(200, sandbox.payout(decodeURIComponent(match[1]!)));
    throw notFound("Route not found");
  }

  async function control(request: IncomingMessage, url: URL): Promise<JsonAnswer> {
    const path = url.pathname;
    const query = url.searchParams;
    if (request.method === "GET" && path === "/sandbox/state") {
      sandbox.expireDuePayments();
      const newestFirst = <T>(items: Iterable<T>) => [...items].reverse();
      return new JsonAnswer(200, {
        payments: newestFirst(store.payments.values()),
        payouts: newestFirst(store.payouts.values()),
        notifications: newestFirst(store.notifications),
        config,
      });
    }
    if (request.method === "GET" && path === "/sandbox/version") return new JsonAnswer(200, { version: store.version });
    if (request.method !== "POST") throw notFound("Route not found");
    let match = /^\/sandbox\/payments\/([^/]+)\/(pay|expire)$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      const payment = match[2] === "pay" ? sandbox.pay(id, query.get("amount"), query.get("currency")) : sandbox.expirePayment(id);
      return new JsonAnswer(200, payment);
    }
    match = /^\/sandbox\/payments\/([^/]+)\/(refund|charge-back)$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      return new JsonAnswer(200, sandbox.giveBackPayment(id, match[2] === "refund" ? "refunded" : "charged_back"));
    }
    if (path === "/sandbox/faults") {
      faults.push(...parseFaults(query));
      return new JsonAnswer(200, { faults });
    }
    match = /^\/sandbox\/payouts\/([^/]+)\/(complete|fail)$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      return new JsonAnswer(200, match[2] === "complete" ? sandbox.completePayout(id) : sandbox.failPayout(id, query.get("detail")));
    }
    if (path === "/sandbox/webhooks/redeliver") {
      const order = query.get("order") ?? "sent";
      const times = Number(query.get("times") ?? "1");
      if (order !== "sent" && order !== "reverse") throw badRequest('order must be "sent" or "reverse"');
      if (!Number.isInteger(times) || times < 1 || times > MAX_REDELIVER_TIMES)
        throw badRequest(`times must be 1 to ${MAX_REDELIVER_TIMES}`);
      const sent = await webhooks.redeliver({ resourceId: query.get("id"), newestFirst: order === "reverse", times });
      return new JsonAnswer(200, { sent });
    }
    if (path === "/sandbox/config") {
      Object.assign(config, checkedConfig((await readJson(request)).json, config));
      return new JsonAnswer(200, config);
    }
    throw notFound("Route not found");
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Only this machine's own names: a page elsewhere cannot reach the sandbox by DNS rebinding,
    // nor submit its forms (a browser's cross-site POST carries its own Origin).
    if (!allowedHosts.has(request.headers.host ?? "")) throw new ApiError(403, "forbidden", "Unknown Host");
    const url = new URL(request.url ?? "/", origin);
    if (request.method === "GET" && url.pathname === "/") {
      sandbox.expireDuePayments();
      const page = renderPage(store, now(), url.searchParams.get("erro"));
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "content-security-policy": `default-src 'none'; img-src data:; style-src 'nonce-${page.nonce}'; script-src 'nonce-${page.nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      });
      response.end(page.html);
      return;
    }
    if (url.pathname.startsWith("/v1/")) {
      // A fault asked for by a test (POST /sandbox/faults): an answer instead of the work, or the
      // work done and its answer lost.
      const fault = faults.shift();
      if (fault?.kind === "status") {
        send(response, fault.status, new ApiError(fault.status, "simulated_fault", `Simulated ${fault.status}`).body);
        return;
      }
      const answer = await mercadoPago(request, url.pathname);
      if (fault?.kind === "drop") {
        response.socket?.destroy();
        return;
      }
      send(response, answer.status, answer.body);
      return;
    }
    if (url.pathname.startsWith("/sandbox/")) {
      const requestOrigin = request.headers.origin;
      if (request.method === "POST" && requestOrigin !== undefined && !allowedOrigins.has(requestOrigin)) {
        throw new ApiError(403, "forbidden", "Cross-origin request refused");
      }
      const answer = await control(request, url);
      // The page's forms come back to the page, at the item they changed.
      if (request.method === "POST" && (request.headers.accept ?? "").includes("text/html")) {
        const kind = url.pathname.startsWith("/sandbox/payouts/") ? "saque" : "pagamento";
        const id = (answer.body as { id?: unknown }).id;
        response.writeHead(303, { location: id === undefined ? "/" : `/#${kind}-${String(id)}` });
        response.end();
        return;
      }
      send(response, answer.status, answer.body);
      return;
    }
    throw notFound("Route not found");
  }

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      // A refused button on the page (say, Pagar on a charge that just expired) comes back to
      // the page, which says why.
      const fromPage = request.method === "POST" && (request.headers.accept ?? "").includes("text/html") && error instanceof ApiError;
      if (fromPage && error.status !== 403) {
        response.writeHead(303, { location: `/?erro=${encodeURIComponent(error.message)}` });
        response.end();
        return;
      }
      if (error instanceof ApiError) {
        send(response, error.status, error.body);
        return;
      }
      console.error("pix-sandbox:", error);
      send(response, 500, new ApiError(500, "internal_error", "Internal server error").body);
    });
  });

  webhooks.resume();
  const sweep = setInterval(() => sandbox.expireDuePayments(), EXPIRY_SWEEP_MS);
  sweep.unref();

  return {
    url: origin,
    port,
    sandbox,
    async close() {
      clearInterval(sweep);
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.flushed();
    },
  };
}
