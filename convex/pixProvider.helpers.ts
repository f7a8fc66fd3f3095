/**
 * For the convex-test suites: a stand-in for Mercado Pago at the adapter's boundary (`fetch`),
 * answering the few calls the adapter makes with Mercado Pago's shapes, and webhooks signed as
 * Mercado Pago signs them. The browser tests and `npm run dev` use the real local PIX sandbox
 * (pix-sandbox/); this keeps backend tests fast and in one process.
 */
import { generatePixPayload } from "@brazilian-utils/brazilian-utils/generate-pix-payload";
import { afterEach, beforeEach, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { type Backend, type Caller, newBackend, runDueFunctions, signedInUser } from "./test.helpers";
import { signWebhook, WEBHOOK_PATH } from "./model/payments/mercadoPago";
import { PROVIDER_MIN_EXPIRY_MS } from "./model/shared/pix";

export const TEST_TOKEN = "TEST-token";
export const TEST_WEBHOOK_SECRET = "segredo-do-webhook";
const API = "https://mp.test";

/** Points the adapter at the stand-in (the deployment's environment, as `npx convex env set` would). */
export function configurePix() {
  vi.stubEnv("MERCADOPAGO_ACCESS_TOKEN", TEST_TOKEN);
  vi.stubEnv("MERCADOPAGO_WEBHOOK_SECRET", TEST_WEBHOOK_SECRET);
  vi.stubEnv("MERCADOPAGO_API_URL", API);
}

type PostBody = {
  transaction_amount: number;
  external_reference: string;
  date_of_expiration: string;
  transaction: {
    to: {
      accounts: { amount: number; chave: { type: string; value: string }; owner: { identification: { type: string; number: string } } }[];
    };
  };
};
type FakePayment = {
  id: string;
  status: string;
  status_detail: string;
  transaction_amount: number;
  paid?: number;
  currency_id: string;
  external_reference: string;
};
type FakePayout = {
  id: string;
  status: string;
  external_reference: string;
  amount: number;
  key: { type: string; value: string };
  owner: { type: string; number: string };
  transaction: { to: { accounts: { status_detail: string }[] } };
};

/** What the stand-in holds, and how a test makes the "bank" act. */
export function fakeMercadoPago() {
  const payments = new Map<string, FakePayment>();
  const payouts = new Map<string, FakePayout>();
  const answers = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; idempotencyKey: string | null; headers: Headers; body: string | null }[] = [];
  /** Statuses to answer the next calls with instead of doing them (e.g. 500, 400). */
  const failures: number[] = [];
  /** How many of the next POSTs are done and then lose their answer (the connection drops). */
  const lostAnswers = { count: 0 };
  let next = 1_000_000;

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  const handle = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? init.body : null;
    requests.push({ method, path: url.pathname, idempotencyKey: headers.get("x-idempotency-key"), headers, body });
    if (headers.get("authorization") !== `Bearer ${TEST_TOKEN}`) return json(401, { message: "invalid access token" });
    const failure = failures.shift();
    if (failure !== undefined) return json(failure, { message: "simulated failure" });
    if (method === "POST") {
      const key = headers.get("x-idempotency-key");
      if (!key) return json(400, { message: "X-Idempotency-Key is required" });
      const seen = answers.get(key);
      if (seen) return json(seen.status, seen.body);
      const body = JSON.parse(String(init?.body)) as PostBody;
      const id = url.pathname === "/v1/payments" ? String(next++) : `2093485761-01JDQ6V8K3M9X2A7RT5YB4${next++}`;
      let answer: unknown;
      if (url.pathname === "/v1/payments" && Date.parse(body.date_of_expiration) < Date.now() + PROVIDER_MIN_EXPIRY_MS) {
        // As Mercado Pago: an expiry less than 30 minutes after the request reaches it is refused.
        return json(400, { message: "Invalid date_of_expiration", cause: [{ code: 4051 }] });
      }
      if (url.pathname === "/v1/payments") {
        payments.set(id, {
          id,
          status: "pending",
          status_detail: "pending_waiting_transfer",
          transaction_amount: body.transaction_amount,
          currency_id: "BRL",
          external_reference: body.external_reference,
        });
        const qr_code = generatePixPayload({
          key: "pix@apoie.test",
          merchantName: "Apoie",
          merchantCity: "Sao Paulo",
          amount: body.transaction_amount,
          txid: `mpqrinter${id}`,
        });
        answer = {
          ...payments.get(id),
          date_of_expiration: body.date_of_expiration,
          point_of_interaction: { transaction_data: { qr_code } },
        };
      } else if (url.pathname === "/v1/transaction-intents/process") {
        const to = body.transaction.to.accounts[0]!;
        payouts.set(id, {
          id,
          status: "in_process",
          external_reference: body.external_reference,
          amount: to.amount,
          key: to.chave,
          owner: to.owner.identification,
          transaction: { to: { accounts: [{ status_detail: "pending_bank" }] } },
        });
        answer = payouts.get(id);
      } else return json(404, { message: "not found" });
      answers.set(key, { status: 201, body: answer });
      if (lostAnswers.count > 0) {
        lostAnswers.count -= 1;
        throw new TypeError("fetch failed: connection reset after the request was handled");
      }
      return json(201, answer);
    }
    const [, , resource, id] = url.pathname.split("/");
    const found = resource === "payments" ? payments.get(id!) : resource === "transaction-intents" ? payouts.get(id!) : undefined;
    if (found === undefined) return json(404, { message: "not found" });
    if ("transaction_amount" in found) {
      const { paid, ...payment } = found;
      return json(200, { ...payment, transaction_details: { total_paid_amount: paid ?? found.transaction_amount } });
    }
    return json(200, found);
  };
  vi.stubGlobal("fetch", vi.fn(handle));

  const payment = (id: string) => {
    const found = payments.get(id);
    if (!found) throw new Error(`no payment ${id}`);
    return found;
  };
  const payout = (id: string) => {
    const found = payouts.get(id);
    if (!found) throw new Error(`no payout ${id}`);
    return found;
  };
  return {
    payments,
    payouts,
    requests,
    failures,
    lostAnswers,
    /** The payer pays (optionally another amount, in reais, or in another currency). */
    pay(id: string, { amount, currency }: { amount?: number; currency?: string } = {}) {
      Object.assign(payment(id), { status: "approved", status_detail: "accredited", paid: amount, currency_id: currency ?? "BRL" });
    },
    cancel(id: string) {
      Object.assign(payment(id), { status: "cancelled", status_detail: "by_collector" });
    },
    /** The payer's money goes back after the payment was approved (a refund, or a MED return). */
    giveBack(id: string, status: "refunded" | "charged_back" = "refunded") {
      Object.assign(payment(id), { status, status_detail: status === "refunded" ? "refunded" : "settled" });
    },
    /** The bank reports a state the app does not know. */
    setStatus(id: string, status: string) {
      Object.assign(payment(id), { status, status_detail: status });
    },
    expire(id: string) {
      Object.assign(payment(id), { status: "cancelled", status_detail: "expired" });
    },
    completePayout(id: string) {
      Object.assign(payout(id), { status: "approved", transaction: { to: { accounts: [{ status_detail: "approved" }] } } });
    },
    failPayout(id: string) {
      Object.assign(payout(id), { status: "rejected", transaction: { to: { accounts: [{ status_detail: "by_bank" }] } } });
    },
  };
}
export type FakeMercadoPago = ReturnType<typeof fakeMercadoPago>;

/**
 * Delivers a notification to the backend's webhook route as Mercado Pago does: signed header,
 * `data.id` and `type` in the query string. Options break it in the ways tests need.
 */
export async function deliverWebhook(
  t: Backend,
  dataId: string,
  {
    type = "payment",
    secret = TEST_WEBHOOK_SECRET,
    ts = Math.floor(Date.now() / 1000),
    bodyId = dataId,
    signature,
    body,
    requestId = `req-${Math.random().toString(36).slice(2)}`,
    path = WEBHOOK_PATH,
  }: {
    type?: string;
    secret?: string;
    ts?: number;
    bodyId?: string;
    signature?: string | null;
    body?: string;
    /** null: sent without `x-request-id`. */
    requestId?: string | null;
    path?: string;
  } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (requestId !== null) headers["x-request-id"] = requestId;
  const signed = signature === undefined ? await signWebhook(secret, dataId, requestId, ts) : signature;
  if (signed !== null) headers["x-signature"] = signed;
  const payload =
    body ??
    JSON.stringify({
      id: 12345,
      type,
      action: `${type}.updated`,
      api_version: "v1",
      live_mode: false,
      date_created: new Date().toISOString(),
      data: { id: bodyId },
    });
  return t.fetch(`${path}?data.id=${encodeURIComponent(dataId)}&type=${type}`, { method: "POST", headers, body: payload });
}

/** Adds money by PIX as a person does: `Gerar PIX`, the provider's charge, payment, webhook. */
export async function depositNow(t: Backend, bank: FakeMercadoPago, caller: Caller, amountCents: number) {
  const { depositId } = await caller.mutation(api.deposits.create, { amountCents });
  await runDueFunctions(t);
  const paymentId = (await t.run((ctx) => ctx.db.get("deposits", depositId)))!.providerPaymentId!;
  bank.pay(paymentId);
  await deliverWebhook(t, paymentId);
  return { depositId, paymentId };
}

/** The provider's id of a withdrawal's transfer (once the action asked for it). */
export async function payoutIdOf(t: Backend, withdrawalId: string) {
  const row = await t.run((ctx) => ctx.db.get("withdrawals", ctx.db.normalizeId("withdrawals", withdrawalId)!));
  return row!.providerPayoutId!;
}

/** What each test of a PIX suite starts from. */
export type PixTestSetup = { t: Backend; bank: FakeMercadoPago; ana: { userId: Id<"users">; as: Caller } };

/**
 * Registers the setup every PIX suite shares: before each test, fake timers (charges expire, payouts
 * wait), the adapter pointed at a fresh provider stand-in, a fresh backend and Ana signed in, handed
 * to `use`; after it, real timers and the environment and globals restored.
 */
export function withPixTestBackend(use: (setup: PixTestSetup) => void): void {
  beforeEach(async () => {
    vi.useFakeTimers();
    configurePix();
    const bank = fakeMercadoPago();
    const t = newBackend();
    use({ t, bank, ana: await signedInUser(t, { name: "Ana" }) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
}
