/**
 * Money under real concurrency: the local backend runs mutations side by side under Convex's
 * optimistic concurrency (convex-test runs one function at a time), against the PIX sandbox.
 * After each test, every wallet still equals the sum of its statement, never negative, and
 * never less than its promotional part.
 */
import { ConvexHttpClient, type ConvexClient } from "convex/browser";
import type { FunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { WEBHOOK_PATH } from "../../convex/model/payments/mercadoPago";
import { startPixSandbox, type PixSandbox, signWebhook } from "../../pix-sandbox/index.ts";
import type { LocalBackend } from "../server.ts";
import { createEvent, signedInClient, startTestBackend, waitForQuery } from "../test-support.ts";

const ACCESS_TOKEN = "TEST-money-concurrency";
const WEBHOOK_SECRET = "segredo-concorrencia";
const CPF = "52998224725";

let sandbox: PixSandbox;
let backend: LocalBackend;
let admin: ConvexHttpClient;
const clients: ConvexClient[] = [];

beforeAll(async () => {
  sandbox = await startPixSandbox({ port: 0, accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET, dataFile: null });
  // The deployment's variables, read by convex/ at call time.
  backend = await startTestBackend({
    environment: { MERCADOPAGO_API_URL: sandbox.url, MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  admin = new ConvexHttpClient(backend.url);
  (admin as unknown as { setAdminAuth: (key: string) => void }).setAdminAuth(backend.adminKey);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await backend.close();
  await sandbox.close();
});

let people = 0;
async function person(name: string): Promise<ConvexClient> {
  people += 1;
  const client = await signedInClient(backend.url, name, `pessoa${people}@exemplo.com`);
  clients.push(client);
  return client;
}

const control = (path: string) => fetch(`${sandbox.url}${path}`, { method: "POST" }).then((response) => response.status);
type SandboxState = {
  payments: { id: number; external_reference: string | null }[];
  payouts: { id: string; external_reference: string | null }[];
};
const sandboxState = async () => (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as SandboxState;

/** `Adicionar saldo` through the app, its charge made at the sandbox; the sandbox's payment id. */
async function openCharge(client: ConvexClient, amountCents: number): Promise<{ depositId: string; paymentId: string }> {
  const { depositId } = await client.mutation(api.deposits.create, { amountCents });
  await waitForQuery(client, api.deposits.get, { depositId }, (view) => view?.status === "pending");
  const payment = (await sandboxState()).payments.find((row) => row.external_reference === depositId)!;
  return { depositId, paymentId: String(payment.id) };
}

/** A notification about `paymentId`, signed as Mercado Pago signs them, to the app's webhook route. */
async function webhook(paymentId: string, n: number): Promise<number> {
  const requestId = `req-${n}-${paymentId}`;
  const signature = await signWebhook(WEBHOOK_SECRET, paymentId, requestId, Math.floor(Date.now() / 1000));
  const response = await fetch(`${backend.siteUrl}${WEBHOOK_PATH}?data.id=${paymentId}&type=payment`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": signature, "x-request-id": requestId },
    body: JSON.stringify({ type: "payment", action: "payment.updated", data: { id: paymentId } }),
  });
  await response.text();
  return response.status;
}

/** The ledger invariant, read as the person reads their wallet: Σ statement = wallet, 0 ≤ withdrawable ≤ wallet. */
async function expectLedger(client: ConvexClient) {
  const me = (await client.query(api.users.me, {}))!;
  const statement = await client.query(api.wallet.statement, { paginationOpts: { numItems: 500, cursor: null } });
  expect(statement.isDone).toBe(true);
  const entries = [...statement.page].reverse();
  expect(entries.reduce((total, entry) => total + entry.amountCents, 0)).toBe(me.walletCents);
  entries.reduce((before, entry) => {
    expect(entry.balanceAfterCents).toBe(before + entry.amountCents);
    expect(entry.balanceAfterCents).toBeGreaterThanOrEqual(0);
    return entry.balanceAfterCents;
  }, 0);
  const summary = (await client.query(api.withdrawals.summary, {}))!;
  expect(summary.withdrawableCents).toBeGreaterThanOrEqual(0);
  expect(summary.withdrawableCents).toBeLessThanOrEqual(me.walletCents);
  return { walletCents: me.walletCents, withdrawableCents: summary.withdrawableCents, entries };
}

it("20 signed webhooks for one payment in parallel with reconciliation credit it once", async () => {
  const ana = await person("Ana");
  const { depositId, paymentId } = await openCharge(ana, 2_000);
  expect(await control(`/sandbox/payments/${paymentId}/pay`)).toBe(200);
  // An internal function, which the admin key may call (as `npx convex run` does).
  const reconcile = () => admin.action(internal.reconciliation.run as unknown as FunctionReference<"action">, {});
  const verify = () => ana.mutation(api.deposits.verifyAtExpiry, { depositId });
  const statuses = await Promise.all([
    ...Array.from({ length: 20 }, (_, n) => webhook(paymentId, n)),
    reconcile().then(() => 200),
    verify().then(() => 200),
    reconcile().then(() => 200),
  ]);
  expect(statuses.every((status) => status === 200)).toBe(true);
  await waitForQuery(ana, api.deposits.get, { depositId }, (view) => view?.status === "paid");
  const { walletCents, entries } = await expectLedger(ana);
  expect(walletCents).toBe(7_000);
  expect(entries.filter((entry) => entry.kind === "deposit")).toHaveLength(1);
});

it("ten parallel Sacar for the whole withdrawable amount: exactly one is accepted", async () => {
  const bia = await person("Bia");
  const { paymentId } = await openCharge(bia, 3_000);
  await control(`/sandbox/payments/${paymentId}/pay`);
  await waitForQuery(bia, api.withdrawals.summary, {}, (summary) => summary?.withdrawableCents === 3_000);
  const outcomes = await Promise.allSettled(
    Array.from({ length: 10 }, () => bia.mutation(api.withdrawals.request, { amountCents: 3_000, keyType: "cpf", key: CPF })),
  );
  expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  const { walletCents, withdrawableCents, entries } = await expectLedger(bia);
  expect([walletCents, withdrawableCents]).toEqual([5_000, 0]);
  expect(entries.filter((entry) => entry.kind === "withdrawal")).toHaveLength(1);
});

it("supports and a withdrawal racing for the same money: never below the bonus, never negative", async () => {
  const caio = await person("Caio");
  const creator = await person("Criadora");
  const eventId = await createEvent(creator, { goalCents: 10_000_000, minSupportCents: 500 });
  const { paymentId } = await openCharge(caio, 3_000);
  await control(`/sandbox/payments/${paymentId}/pay`);
  await waitForQuery(caio, api.withdrawals.summary, {}, (summary) => summary?.withdrawableCents === 3_000);
  // R$ 80,00 in the wallet (R$ 50,00 of it bonus): supports of R$ 30,00 and a R$ 30,00 withdrawal race.
  const outcomes = await Promise.allSettled([
    caio.mutation(api.withdrawals.request, { amountCents: 3_000, keyType: "cpf", key: CPF }),
    ...Array.from({ length: 4 }, () => caio.mutation(api.supports.support, { eventId, amountCents: 3_000 })),
  ]);
  const withdrew = outcomes[0]!.status === "fulfilled";
  const supported = outcomes.slice(1).filter((outcome) => outcome.status === "fulfilled").length;
  const { walletCents, withdrawableCents } = await expectLedger(caio);
  expect(walletCents).toBe(8_000 - supported * 3_000 - (withdrew ? 3_000 : 0));
  expect(walletCents).toBeGreaterThanOrEqual(0);
  // Supports spend the bonus first: the bonus left is 5 000 less what supports took, and it stays in the wallet.
  const bonusLeft = Math.max(0, 5_000 - supported * 3_000);
  expect(withdrawableCents).toBe(walletCents - bonusLeft);
  // Whatever the interleaving, what left by PIX and what supports took beyond the bonus is at most what was deposited.
  expect((withdrew ? 3_000 : 0) + Math.max(0, supported * 3_000 - 5_000)).toBeLessThanOrEqual(3_000);
  expect(supported + (withdrew ? 1 : 0)).toBeGreaterThanOrEqual(1);
});

it("a payout whose answer the sandbox dropped, retried into a 429, is never returned; the bank's payment settles it", async () => {
  const dani = await person("Dani");
  const { paymentId } = await openCharge(dani, 3_000);
  await control(`/sandbox/payments/${paymentId}/pay`);
  await waitForQuery(dani, api.withdrawals.summary, {}, (summary) => summary?.withdrawableCents === 3_000);
  expect(await control("/sandbox/faults?drop=1")).toBe(200);
  const { withdrawalId } = await dani.mutation(api.withdrawals.request, { amountCents: 3_000, keyType: "cpf", key: CPF });
  const made = await waitForPayout(withdrawalId);
  // The retry (as reconciliation makes it) meets a 429: nothing proves the transfer failed.
  expect(await control("/sandbox/faults?status=429")).toBe(200);
  await admin.action(internal.withdrawals.send as unknown as FunctionReference<"action">, { withdrawalId });
  const during = await dani.query(api.wallet.statement, { paginationOpts: { numItems: 1, cursor: null } });
  expect(during.page[0]).toMatchObject({ kind: "withdrawal", state: "Em processamento" });
  expect(await control(`/sandbox/payouts/${encodeURIComponent(made.id)}/complete`)).toBe(200);
  await waitForQuery(
    dani,
    api.wallet.statement,
    { paginationOpts: { numItems: 1, cursor: null } },
    (page) => page.page[0]?.state === "Pago",
  );
  const { walletCents, entries } = await expectLedger(dani);
  expect(walletCents).toBe(5_000);
  expect(entries.filter((entry) => entry.kind === "withdrawalReturned")).toHaveLength(0);
});

it("a deposit the bank gives back (the sandbox's refund) is taken back from the wallet", async () => {
  const eva = await person("Eva");
  const { paymentId } = await openCharge(eva, 2_000);
  await control(`/sandbox/payments/${paymentId}/pay`);
  await waitForQuery(eva, api.withdrawals.summary, {}, (summary) => summary?.withdrawableCents === 2_000);
  expect(await control(`/sandbox/payments/${paymentId}/refund`)).toBe(200);
  const summary = await waitForQuery(eva, api.withdrawals.summary, {}, (value) => value?.withdrawableCents === 0);
  expect(summary).toMatchObject({ owedCents: 0 });
  const { walletCents, entries } = await expectLedger(eva);
  expect(walletCents).toBe(5_000);
  expect(entries[entries.length - 1]).toMatchObject({
    kind: "depositReturned",
    description: "Devolução de depósito via PIX",
    amountCents: -2_000,
  });
});

/** The sandbox's transfer for a withdrawal (made even when its answer was dropped), once it exists. */
function waitForPayout(withdrawalId: string) {
  return vi.waitFor(
    async () => {
      const payout = (await sandboxState()).payouts.find((row) => row.external_reference === withdrawalId);
      if (payout === undefined) throw new Error(`no payout for ${withdrawalId} yet`);
      return payout;
    },
    { timeout: 30_000, interval: 20 },
  );
}
