/**
 * The mailbox as a function from a `Request` to a `Response`, no server needed: Resend's
 * `POST /emails` (Bearer key, `Idempotency-Key`), the web inbox (page.ts) and a JSON API for
 * tests. server.ts serves it over HTTP; the convex-test suites call it as their `fetch`.
 */
import { Faults } from "./faults.ts";
import { renderInbox, renderMessage } from "./page.ts";
import { fingerprintOf, MailStore, type Attachment, type StoredMessage } from "./store.ts";

/** Mail to this domain is refused for good (422), as a provider refuses an address it cannot deliver to. */
export const REFUSED_DOMAIN = "recusa.invalid";
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

export type MailHandlerOptions = { apiKey: string; store?: MailStore; faults?: Faults; holdMs?: number; random?: () => number };

/** A `drop` fault: the e-mail was stored and its answer never arrives. */
export class AnswerLost extends TypeError {
  constructor() {
    super("fetch failed: the connection closed after the request was handled");
  }
}

export type MailHandler = { handle(request: Request): Promise<Response>; store: MailStore; faults: Faults };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

function resendError(status: number, name: string, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { statusCode: status, name, message }, headers);
}

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8", "x-frame-options": "SAMEORIGIN" } });
}

type Parsed = Omit<StoredMessage, "id" | "receivedAt" | "idempotencyKey">;

function strings(value: unknown): string[] | null {
  const list = typeof value === "string" ? [value] : value;
  return Array.isArray(list) && list.length > 0 && list.length <= 50 && list.every((item) => typeof item === "string") ? list : null;
}

/** Resend's body, checked as Resend checks it; a string is the validation error's message. */
function parseEmail(body: unknown): Parsed | string {
  if (typeof body !== "object" || body === null) return "Invalid JSON body";
  const b = body as Record<string, unknown>;
  const to = strings(b.to);
  if (typeof b.from !== "string" || b.from.trim() === "") return "The `from` field is required.";
  if (to === null || !to.every((address) => ADDRESS.test(address))) return "Invalid `to` field.";
  if (typeof b.subject !== "string" || /[\r\n]/.test(b.subject)) return "Invalid `subject` field.";
  if (/[\r\n]/.test(b.from)) return "Invalid `from` field.";
  const headers = (typeof b.headers === "object" && b.headers !== null ? b.headers : {}) as Record<string, string>;
  if (Object.entries(headers).some(([name, value]) => typeof value !== "string" || /[\r\n]/.test(name + value)))
    return "Invalid `headers` field.";
  const attachments = Array.isArray(b.attachments) ? b.attachments : [];
  return {
    from: b.from,
    to,
    subject: b.subject,
    html: typeof b.html === "string" ? b.html : "",
    text: typeof b.text === "string" ? b.text : "",
    headers,
    attachments: attachments.map((a: Record<string, unknown>): Attachment => ({
      filename: String(a.filename ?? "anexo"),
      content: String(a.content ?? ""),
      contentId: typeof a.content_id === "string" ? a.content_id : null,
      contentType: String(a.content_type ?? "application/octet-stream"),
    })),
  };
}

/**
 * A key already used: the e-mail it created, as Resend answers a repeat within 24 h (the same
 * payload), or 409 for another payload. The e-mail is stored before any answer is held back,
 * so a retry during a held answer also meets its e-mail. Null for a new key.
 */
function answerForKey(store: MailStore, key: string, parsed: Parsed): Response | null {
  const earlier = store.byKey(key);
  if (earlier === undefined) return null;
  if (earlier.fingerprint !== fingerprintOf(parsed))
    return resendError(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload.");
  return json(200, { id: earlier.messageId });
}

export function createMailHandler({
  apiKey,
  store = new MailStore(),
  faults = new Faults(),
  holdMs = 15_000,
  random = Math.random,
}: MailHandlerOptions): MailHandler {
  async function receive(request: Request): Promise<Response> {
    store.requests += 1;
    if (request.headers.get("authorization") !== `Bearer ${apiKey}`)
      return resendError(401, "missing_api_key", "Missing or invalid API key");
    const parsed = parseEmail(await request.json().catch(() => null));
    if (typeof parsed === "string") return resendError(422, "validation_error", parsed);
    if (parsed.to.some((address) => address.toLowerCase().endsWith(`@${REFUSED_DOMAIN}`))) {
      return resendError(422, "validation_error", `The recipient's domain ${REFUSED_DOMAIN} does not accept mail.`);
    }
    const key = request.headers.get("idempotency-key");
    const repeated = key === null ? null : answerForKey(store, key, parsed);
    if (repeated !== null) return repeated;
    const fault = faults.take(random);
    if (fault?.kind === "status")
      return resendError(
        fault.status,
        fault.status === 429 ? "rate_limit_exceeded" : "internal_server_error",
        "Simulated failure",
        fault.status === 429 ? { "retry-after": "1" } : {},
      );
    const stored = store.add({ ...parsed, receivedAt: Date.now(), idempotencyKey: key });
    if (fault?.kind === "drop") throw new AnswerLost();
    if (fault?.kind === "timeout") await new Promise((resolve) => setTimeout(resolve, holdMs));
    return json(200, { id: stored.id });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    if (request.method === "POST" && path === "/emails") return receive(request);
    if (request.method === "POST" && path === "/sandbox/faults") {
      faults.apply(url.searchParams);
      return json(200, { queued: faults.queue.length, chaos: faults.chaos });
    }
    if (request.method === "GET" && path === "/api/messages") return json(200, store.list(url.searchParams.get("to")));
    if (request.method === "DELETE" && path === "/api/messages") {
      store.clear();
      return json(200, { cleared: true });
    }
    if (request.method === "GET" && path === "/api/stats") return json(200, { messages: store.messages.length, requests: store.requests });
    const apiMessage = /^\/api\/messages\/([\w-]+)$/.exec(path);
    if (request.method === "GET" && apiMessage) {
      const message = store.get(apiMessage[1]!);
      return message === undefined ? json(404, { message: "Not found" }) : json(200, message);
    }
    if (request.method === "GET" && path === "/") return html(renderInbox(store.list(url.searchParams.get("to"))));
    return pageRoute(request.method, path);
  }

  function pageRoute(method: string, path: string): Response {
    const page = /^\/messages\/([\w-]+)$/.exec(path);
    const attachment = /^\/messages\/([\w-]+)\/cid\/([\w.-]+)$/.exec(path);
    if (method === "GET" && page) {
      const message = store.get(page[1]!);
      return message === undefined ? html("<p>E-mail não encontrado.</p>", 404) : html(renderMessage(message));
    }
    if (method === "GET" && attachment) {
      const file = store.get(attachment[1]!)?.attachments.find((a) => a.contentId === attachment[2]);
      if (file === undefined) return new Response("Not found", { status: 404 });
      const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
      return new Response(bytes, { headers: { "content-type": file.contentType } });
    }
    return json(404, { message: "Not found" });
  }

  return { handle, store, faults };
}
