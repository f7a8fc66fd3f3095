/**
 * The sandbox as a function from a `Request` to a `Response`, no server needed: Mercado Pago's
 * routes under `/v1/` (Bearer token, X-Idempotency-Key on every POST), the page at `/` and the
 * control API under `/sandbox/` (API.md), each a row of a route table. server.ts serves it over
 * HTTP; the convex-test suites call it as their `fetch`. Nothing here touches node:http or the
 * file system (the server adds those), so it runs in the edge runtime those suites use.
 */
import { createHash, createPublicKey, timingSafeEqual, verify, type KeyObject } from "node:crypto";
import { ApiError, badRequest, invalidToken, missingIdempotencyKey, notFound } from "./errors.ts";
import { renderPage } from "./page.ts";
import { Sandbox } from "./sandbox.ts";
import { Store } from "./store.ts";
import { MERCADO_PAGO_RETRY_DELAYS_MS, MERCADO_PAGO_TIMEOUT_MS, WebhookSender, type WebhookConfig } from "./webhooks.ts";

const MAX_BODY_BYTES = 64 * 1024;
const MAX_REDELIVER_TIMES = 20;

export type PixHandlerOptions = {
  accessToken: string;
  webhookSecret: string;
  /** Where the sandbox is reached: its charges' `ticket_url`; a browser POST from any other origin is refused. */
  origin: string;
  /** Other origins the page may be opened at (`http://localhost:<port>`). */
  otherOrigins?: string[];
  /** Where its state lives; a new in-memory store by default. */
  store?: Store;
  /**
   * An Ed25519 public key (PEM): payouts must then carry `X-Signature`, the base64 signature of
   * their body, as Mercado Pago's production Payouts API requires. Null: not checked (its test mode).
   */
  payoutPublicKey?: string | null;
  webhooks?: Partial<WebhookConfig>;
  /** The clock (epoch ms); tests move it. */
  now?: () => number;
};

/**
 * What the next call to a Mercado Pago route meets: `status`, that HTTP status instead of the
 * work (408, 409, 429, 5xx: answers that say nothing about whether it was done); `drop`, the work
 * done and the connection closed before the answer (an answer lost on the way back).
 */
export type Fault = { kind: "status"; status: number } | { kind: "drop" };

/** A `drop` fault: the work was done and its answer never arrives. A fetch that fails, as a reset connection does. */
export class AnswerLost extends TypeError {
  constructor() {
    super("fetch failed: the connection closed after the request was handled");
  }
}

export type PixHandler = {
  /** Answers one request; rejects with AnswerLost when a `drop` fault takes the answer. */
  handle(request: Request): Promise<Response>;
  sandbox: Sandbox;
  store: Store;
  webhooks: WebhookSender;
  config: WebhookConfig;
  /** The fault switches, in order (POST /sandbox/faults adds to them). */
  faults: Fault[];
};

type JsonAnswer = { status: number; body: unknown };
type RouteCall = { request: Request; url: URL; params: string[] };
type Route = { method: "GET" | "POST"; path: RegExp; answer(call: RouteCall): JsonAnswer | Promise<JsonAnswer> };

const json = (status: number, body: unknown): JsonAnswer => ({ status, body });

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

/** The raw body (what a signature covers) and its JSON. */
async function readJson(request: Request): Promise<{ raw: Uint8Array; json: unknown }> {
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_BODY_BYTES) throw new ApiError(413, "bad_request", "Request body too large");
  const text = new TextDecoder().decode(raw);
  if (text.trim() === "") return { raw, json: undefined };
  try {
    return { raw, json: JSON.parse(text) };
  } catch {
    throw badRequest("Bad JSON format");
  }
}

/** Refuses a payout whose body is not signed by the key's owner (401, nothing created, the idempotency key unused). */
function checkPayoutSignature(request: Request, raw: Uint8Array, publicKey: KeyObject): void {
  const header = request.headers.get("x-signature");
  const signature = header === null ? null : Buffer.from(header, "base64");
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

/** A JSON answer, as every route and refusal gives it. */
export function jsonResponse({ status, body }: JsonAnswer): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

const redirect = (location: string) => new Response(null, { status: 303, headers: { location } });

/** A POST from the page's forms (the browser asks for HTML): it is answered by going back to the page. */
const fromPage = (request: Request) => request.method === "POST" && (request.headers.get("accept") ?? "").includes("text/html");

/** Mercado Pago's routes; every one needs the access token. */
function mercadoPagoRoutes(sandbox: Sandbox, store: Store, payoutKey: KeyObject | null): Route[] {
  /** Mercado Pago's POST: the answer first given for this key, or a new one (kept when it succeeded). */
  const idempotent =
    (route: string, create: (body: unknown) => JsonAnswer, signedBy: KeyObject | null = null) =>
    async ({ request }: RouteCall): Promise<JsonAnswer> => {
      const key = request.headers.get("x-idempotency-key");
      if (key === null || key.trim() === "") throw missingIdempotencyKey();
      const { raw, json: body } = await readJson(request);
      if (signedBy !== null) checkPayoutSignature(request, raw, signedBy);
      // No await between this look-up and keeping the answer: two requests with one key create one resource.
      const kept = store.keptAnswer(route, key);
      if (kept !== undefined) return kept;
      const answer = create(body);
      store.keepAnswer(route, key, answer);
      store.changed();
      return answer;
    };
  return [
    { method: "POST", path: /^\/v1\/payments$/, answer: idempotent("/v1/payments", (body) => json(201, sandbox.createPayment(body))) },
    {
      method: "POST",
      path: /^\/v1\/transaction-intents\/process$/,
      answer: idempotent("/v1/transaction-intents/process", (body) => json(202, sandbox.createPayout(body)), payoutKey),
    },
    { method: "GET", path: /^\/v1\/payments\/([^/]+)$/, answer: ({ params }) => json(200, sandbox.payment(params[0]!)) },
    { method: "GET", path: /^\/v1\/transaction-intents\/([^/]+)$/, answer: ({ params }) => json(200, sandbox.payout(params[0]!)) },
  ];
}

/** The control API: what the page's buttons and the tests do (API.md, "Control API"). */
function controlRoutes(sandbox: Sandbox, webhooks: WebhookSender, config: WebhookConfig, faults: Fault[]): Route[] {
  const store = sandbox.store;
  const payment = (answer: (id: string, query: URLSearchParams) => unknown) => (path: RegExp) => ({
    method: "POST" as const,
    path,
    answer: ({ params, url }: RouteCall) => json(200, answer(params[0]!, url.searchParams)),
  });
  return [
    {
      method: "GET",
      path: /^\/sandbox\/state$/,
      answer: () => {
        sandbox.expireDuePayments();
        const newestFirst = <T>(items: Iterable<T>) => [...items].reverse();
        return json(200, {
          payments: newestFirst(store.payments.values()),
          payouts: newestFirst(store.payouts.values()),
          notifications: newestFirst(store.notifications),
          config,
        });
      },
    },
    { method: "GET", path: /^\/sandbox\/version$/, answer: () => json(200, { version: store.version }) },
    payment((id, query) => sandbox.pay(id, query.get("amount"), query.get("currency")))(/^\/sandbox\/payments\/([^/]+)\/pay$/),
    payment((id) => sandbox.expirePayment(id))(/^\/sandbox\/payments\/([^/]+)\/expire$/),
    payment((id) => sandbox.cancelPayment(id))(/^\/sandbox\/payments\/([^/]+)\/cancel$/),
    payment((id) => sandbox.mediatePayment(id))(/^\/sandbox\/payments\/([^/]+)\/mediate$/),
    payment((id) => sandbox.giveBackPayment(id, "refunded"))(/^\/sandbox\/payments\/([^/]+)\/refund$/),
    payment((id) => sandbox.giveBackPayment(id, "charged_back"))(/^\/sandbox\/payments\/([^/]+)\/charge-back$/),
    payment((id) => sandbox.completePayout(id))(/^\/sandbox\/payouts\/([^/]+)\/complete$/),
    payment((id, query) => sandbox.failPayout(id, query.get("detail")))(/^\/sandbox\/payouts\/([^/]+)\/fail$/),
    {
      method: "POST",
      path: /^\/sandbox\/faults$/,
      answer: ({ url }) => {
        faults.push(...parseFaults(url.searchParams));
        return json(200, { faults });
      },
    },
    {
      method: "POST",
      path: /^\/sandbox\/webhooks\/redeliver$/,
      answer: async ({ url }) => {
        const query = url.searchParams;
        const order = query.get("order") ?? "sent";
        const times = Number(query.get("times") ?? "1");
        if (order !== "sent" && order !== "reverse") throw badRequest('order must be "sent" or "reverse"');
        if (!Number.isInteger(times) || times < 1 || times > MAX_REDELIVER_TIMES)
          throw badRequest(`times must be 1 to ${MAX_REDELIVER_TIMES}`);
        return json(200, { sent: await webhooks.redeliver({ resourceId: query.get("id"), newestFirst: order === "reverse", times }) });
      },
    },
    {
      method: "POST",
      path: /^\/sandbox\/config$/,
      answer: async ({ request }) => json(200, Object.assign(config, checkedConfig((await readJson(request)).json, config))),
    },
  ];
}

/** The row of `routes` for this request, or a 404. */
function route(routes: Route[], request: Request, url: URL): Promise<JsonAnswer> | JsonAnswer {
  for (const candidate of routes) {
    const match = request.method === candidate.method ? candidate.path.exec(url.pathname) : null;
    if (match) return candidate.answer({ request, url, params: match.slice(1).map(decodeURIComponent) });
  }
  throw notFound("Route not found");
}

/** A call to Mercado Pago's routes: a fault asked for by a test first, then the token, then the route. */
async function mercadoPagoCall(routes: Route[], faults: Fault[], accessToken: string, request: Request, url: URL): Promise<Response> {
  // A fault asked for by a test (POST /sandbox/faults): an answer instead of the work, or the
  // work done and its answer lost.
  const fault = faults.shift();
  if (fault?.kind === "status") {
    return jsonResponse(json(fault.status, new ApiError(fault.status, "simulated_fault", `Simulated ${fault.status}`).body));
  }
  const token = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (token === undefined || !sameSecret(token, accessToken)) throw invalidToken();
  const answer = await route(routes, request, url);
  if (fault?.kind === "drop") throw new AnswerLost();
  return jsonResponse(answer);
}

/** A call to the control API; the page's forms are answered by going back to the page, at the item they changed. */
async function controlCall(routes: Route[], allowedOrigins: Set<string>, request: Request, url: URL): Promise<Response> {
  const requestOrigin = request.headers.get("origin");
  // A browser's cross-site POST carries its own Origin: another site cannot submit these forms.
  if (request.method === "POST" && requestOrigin !== null && !allowedOrigins.has(requestOrigin)) {
    throw new ApiError(403, "forbidden", "Cross-origin request refused");
  }
  const answer = await route(routes, request, url);
  if (!fromPage(request)) return jsonResponse(answer);
  const kind = url.pathname.startsWith("/sandbox/payouts/") ? "saque" : "pagamento";
  const id = (answer.body as { id?: unknown }).id;
  return redirect(id === undefined ? "/" : `/#${kind}-${String(id)}`);
}

/** The page "Banco simulado", with the message of a button just refused (`?erro=`). */
function page(sandbox: Sandbox, now: number, url: URL): Response {
  sandbox.expireDuePayments();
  const { html, nonce } = renderPage(sandbox.store, now, url.searchParams.get("erro"));
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": `default-src 'none'; img-src data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    },
  });
}

/** A refusal as an answer: Mercado Pago's error body, or, for a button of the page, back to the page saying why. */
function refusal(error: unknown, request: Request): Response {
  // A refused button on the page (say, Pagar on a charge that just expired) comes back to
  // the page, which says why.
  if (error instanceof ApiError && fromPage(request) && error.status !== 403)
    return redirect(`/?erro=${encodeURIComponent(error.message)}`);
  if (error instanceof ApiError) return jsonResponse(json(error.status, error.body));
  console.error("pix-sandbox:", error);
  return jsonResponse(json(500, new ApiError(500, "internal_error", "Internal server error").body));
}

export function createPixHandler(options: PixHandlerOptions): PixHandler {
  const now = options.now ?? Date.now;
  const config: WebhookConfig = {
    webhooks: true,
    duplicates: false,
    outOfOrderMs: 0,
    retryDelaysMs: MERCADO_PAGO_RETRY_DELAYS_MS,
    timeoutMs: MERCADO_PAGO_TIMEOUT_MS,
    ...options.webhooks,
  };
  const store = options.store ?? new Store();
  const webhooks = new WebhookSender(store, config, options.webhookSecret, now);
  const sandbox = new Sandbox(store, webhooks, now, options.origin);
  const faults: Fault[] = [];
  const payoutKey = options.payoutPublicKey ? createPublicKey(options.payoutPublicKey) : null;
  const mercadoPago = mercadoPagoRoutes(sandbox, store, payoutKey);
  const control = controlRoutes(sandbox, webhooks, config, faults);
  const allowedOrigins = new Set([options.origin, ...(options.otherOrigins ?? [])]);

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    try {
      if (request.method === "GET" && url.pathname === "/") return page(sandbox, now(), url);
      if (url.pathname.startsWith("/v1/")) return await mercadoPagoCall(mercadoPago, faults, options.accessToken, request, url);
      if (url.pathname.startsWith("/sandbox/")) return await controlCall(control, allowedOrigins, request, url);
      throw notFound("Route not found");
    } catch (error) {
      if (error instanceof AnswerLost) throw error;
      return refusal(error, request);
    }
  }

  return { handle, sandbox, store, webhooks, config, faults };
}
