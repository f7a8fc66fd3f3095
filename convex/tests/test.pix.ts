/**
 * PIX for the convex-test suites: the adapter's `fetch` answered by the PIX sandbox's own request
 * handler (pix-sandbox/handler.ts), in this process and without a server — the same Mercado Pago
 * the browser tests and `npm run dev` talk to over HTTP. Its webhooks are off: a test delivers
 * each notification itself (`deliverWebhook`), signed as Mercado Pago signs them, when it wants
 * the app to hear of a change.
 */
import { afterEach, beforeEach, expect, vi } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { WEBHOOK_PATH } from "../model/payments/mercadoPago";
import { type Backend, type Caller, newBackend, runDueFunctions, signedInUser } from "./test.helpers";
import { createPixHandler, approve, complete, reject, signWebhook } from "../../pix-sandbox/index.ts";

export const TEST_TOKEN = "TEST-token";
export const TEST_WEBHOOK_SECRET = "segredo-do-webhook";
const API = "https://mp.test";

/** Points the adapter at the sandbox (the deployment's environment, as `npx convex env set` would). */
export function configurePix() {
  vi.stubEnv("MERCADOPAGO_ACCESS_TOKEN", TEST_TOKEN);
  vi.stubEnv("MERCADOPAGO_WEBHOOK_SECRET", TEST_WEBHOOK_SECRET);
  vi.stubEnv("MERCADOPAGO_API_URL", API);
}

/** A call the adapter made, as the sandbox received it. */
export type SentRequest = { method: string; path: string; idempotencyKey: string | null; headers: Headers; body: string | null };

/**
 * A fresh sandbox answering `fetch`, and how a test makes the "bank" act: the sandbox's own
 * operations (what its page's buttons do) and its fault switches (POST /sandbox/faults).
 */
export function pixSandbox() {
  const pix = createPixHandler({
    accessToken: TEST_TOKEN,
    webhookSecret: TEST_WEBHOOK_SECRET,
    origin: API,
    webhooks: { webhooks: false },
    now: () => Date.now(),
  });
  const requests: SentRequest[] = [];
  const answer = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = typeof init?.body === "string" ? init.body : null;
    const path = new URL(request.url).pathname;
    requests.push({
      method: request.method,
      path,
      idempotencyKey: request.headers.get("x-idempotency-key"),
      headers: request.headers,
      body,
    });
    return pix.handle(request);
  };
  vi.stubGlobal("fetch", vi.fn(answer));
  const { sandbox } = pix;
  return {
    payments: pix.store.payments,
    payouts: pix.store.payouts,
    sandbox,
    requests,
    /** Sets the sandbox's fault switch for the next calls: `status=503`, `status=429&times=2`, `drop=1` (API.md). */
    async fault(query: string) {
      const response = await pix.handle(new Request(`${API}/sandbox/faults?${query}`, { method: "POST" }));
      expect(response.status).toBe(200);
    },
    /** The payer pays (optionally another amount, in reais, or in another currency). */
    pay(id: string, { amount, currency }: { amount?: number; currency?: string } = {}) {
      sandbox.pay(id, amount === undefined ? null : String(amount), currency ?? null);
    },
    cancel: (id: string) => sandbox.cancelPayment(id),
    expire: (id: string) => sandbox.expirePayment(id),
    /** The payer's money goes back after the payment was approved (a refund, or a MED return). */
    giveBack: (id: string, status: "refunded" | "charged_back" = "refunded") => sandbox.giveBackPayment(id, status),
    /** The payer disputes an approved payment: a state the app does not act on. */
    mediate: (id: string) => sandbox.mediatePayment(id),
    completePayout: (id: string) => sandbox.completePayout(id),
    failPayout: (id: string) => sandbox.failPayout(id, null),
    /**
     * The bank reports a change its own rules refuse (the sandbox's buttons would answer 409): a
     * charge approved after it closed, a payout paid after it failed or failed after it was paid.
     * What the app must survive when reports contradict each other or arrive out of order.
     */
    contradicts: {
      paid: (id: string, reais: number) => approve(sandbox.payment(id), Date.now(), reais, "BRL"),
      payoutPaid: (id: string) => complete(sandbox.payout(id), Date.now()),
      payoutFailed: (id: string) => reject(sandbox.payout(id), Date.now(), "by_bank"),
    },
  };
}
export type PixBank = ReturnType<typeof pixSandbox>;

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
export async function depositNow(t: Backend, bank: PixBank, caller: Caller, amountCents: number) {
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
export type PixTestSetup = { t: Backend; bank: PixBank; ana: { userId: Id<"users">; as: Caller } };

/**
 * Registers the setup every PIX suite shares: before each test, fake timers (charges expire, payouts
 * wait), the adapter pointed at a fresh sandbox, a fresh backend and Ana signed in, handed to `use`;
 * after it, real timers and the environment and globals restored.
 */
export function withPixTestBackend(use: (setup: PixTestSetup) => void): void {
  beforeEach(async () => {
    vi.useFakeTimers();
    configurePix();
    const bank = pixSandbox();
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
