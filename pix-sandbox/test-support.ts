/** What the sandbox's own tests share: a sandbox in this process and a webhook receiver that records what it gets. */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { startPixSandbox, type PixSandbox, type PixSandboxOptions } from "./server.ts";

// Answers are read field by field and each field checked by an expectation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export const ACCESS_TOKEN = "TEST-token-for-tests";
export const WEBHOOK_SECRET = "secret-for-tests";

export type TestSandbox = PixSandbox & {
  /** A Mercado Pago call with the token (and a fresh idempotency key on POST unless `headers` gives one). */
  api(method: "GET" | "POST", path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Json }>;
  /** A control API call (no token). */
  control(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; body: Json }>;
};

let keys = 0;

export async function startTestSandbox(options: Partial<PixSandboxOptions> = {}): Promise<TestSandbox> {
  const sandbox = await startPixSandbox({ port: 0, accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET, dataFile: null, ...options });
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? null : JSON.parse(text) };
  };
  return {
    ...sandbox,
    api: (method, path, body, headers = {}) =>
      call(method, path, body, {
        authorization: `Bearer ${ACCESS_TOKEN}`,
        ...(method === "POST" ? { "x-idempotency-key": `key-${++keys}` } : {}),
        ...headers,
      }),
    control: (method, path, body) => call(method, path, body, {}),
  };
}

export type Received = { url: URL; headers: IncomingHttpHeaders; body: Json; answeredWith: number };

/**
 * An HTTP server standing in for the app's webhook route. `answer` picks each status (default
 * 200); `waitFor(n)` resolves once n requests came in.
 */
export async function startReceiver(answer: (request: Received, index: number) => number = () => 200) {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: Received = {
        url: new URL(request.url ?? "/", "http://receiver"),
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
        answeredWith: 0,
      };
      entry.answeredWith = answer(entry, received.length);
      received.push(entry);
      response.writeHead(entry.answeredWith).end();
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/mercadopago`;
  return {
    url,
    received,
    waitFor: (count: number) =>
      received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const pixCharge = (overrides: Record<string, unknown> = {}) => ({
  transaction_amount: 20,
  payment_method_id: "pix",
  description: "Depósito na carteira Apoie",
  external_reference: "deposit-1",
  payer: { email: "ana@example.com" },
  ...overrides,
});

export const pixPayout = (overrides: { amount?: number; key?: { type: string; value: string }; notificationUrl?: string } = {}) => {
  const amount = overrides.amount ?? 100;
  return {
    external_reference: "payout-1",
    point_of_interaction: { type: "PSP_TRANSFER" },
    ...(overrides.notificationUrl === undefined
      ? {}
      : { seller_configuration: { notification_info: { notification_url: overrides.notificationUrl } } }),
    transaction: {
      from: { accounts: [{ amount }] },
      to: {
        accounts: [
          {
            type: "current",
            amount,
            chave: overrides.key ?? { type: "EMAIL", value: "ana@example.com" },
            owner: { identification: { type: "CPF", number: "12345678909" } },
          },
        ],
      },
      total_amount: amount,
    },
  };
};
