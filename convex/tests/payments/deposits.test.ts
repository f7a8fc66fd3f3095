import { beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { isValidPixPayload } from "@brazilian-utils/brazilian-utils/is-valid-pix-payload";
import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils/get-pix-payload-info";
import { deliverWebhook, type PixBank, TEST_WEBHOOK_SECRET, withPixTestBackend } from "../test.pix";
import { signWebhook } from "../../../pix-sandbox/index.ts";
import {
  advanceClock,
  allRows,
  type Backend,
  type Caller,
  MINUTE,
  rejectionData,
  runDueFunctions,
  signedInUser,
  snapshot,
} from "../test.helpers";

let t: Backend;
let bank: PixBank;
let ana: { userId: Id<"users">; as: Caller };
withPixTestBackend((setup) => ({ t, bank, ana } = setup));

/** `Gerar PIX` and the provider's answer: the deposit as the dialog then shows it. */
async function generatePix(amountCents: number, caller = ana.as) {
  const { depositId } = await caller.mutation(api.deposits.create, { amountCents });
  await runDueFunctions(t);
  const view = await caller.query(api.deposits.get, { depositId });
  return { depositId, view: view!, paymentId: (await t.run((ctx) => ctx.db.get("deposits", depositId)))!.providerPaymentId! };
}

const walletOf = async (userId: Id<"users">) => (await t.run((ctx) => ctx.db.get("users", userId)))!.walletCents;

describe("a PIX charge", () => {
  test("is created at the provider and shown with its copia-e-cola, a valid BR Code of the amount", async () => {
    const { depositId } = await ana.as.mutation(api.deposits.create, { amountCents: 2_000 });
    expect((await ana.as.query(api.deposits.get, { depositId }))?.status).toBe("creating");
    await runDueFunctions(t);
    const view = await ana.as.query(api.deposits.get, { depositId });
    expect(view).toMatchObject({ status: "pending", amountCents: 2_000, expiresAt: Date.now() + 60 * MINUTE });
    expect(isValidPixPayload(view!.qrCode!)).toBe(true);
    expect(getPixPayloadInfo(view!.qrCode!)?.amount).toBe(20);
    // Mercado Pago's shape: the amount in reais, PIX, our reference, a fresh idempotency key.
    const create = bank.requests.find((r) => r.method === "POST")!;
    expect(create).toMatchObject({ path: "/v1/payments", idempotencyKey: `deposit-${depositId}` });
    expect(await ana.as.query(api.deposits.pending, {})).toEqual([view]);
    // Nothing credited before the provider says it was paid.
    expect(await walletOf(ana.userId)).toBe(5_000);
  });

  test("asked for late (the action ran 20 minutes after the row was made) still gets an expiry the provider accepts, counted from the request", async () => {
    const { depositId } = await ana.as.mutation(api.deposits.create, { amountCents: 2_000 });
    vi.advanceTimersByTime(20 * MINUTE);
    await runDueFunctions(t);
    const sent = JSON.parse(bank.requests.find((r) => r.path === "/v1/payments")!.body!) as { date_of_expiration: string };
    expect(Date.parse(sent.date_of_expiration) - Date.now()).toBe(60 * MINUTE);
    // Shown as the provider answered it.
    expect(await ana.as.query(api.deposits.get, { depositId })).toMatchObject({
      status: "pending",
      expiresAt: Date.parse(sent.date_of_expiration),
    });
  });

  test("paid but its webhook late: at its expiry the dialog's check reads it at the provider and credits it, once, for its owner only", async () => {
    const { depositId, paymentId } = await generatePix(2_000);
    bank.pay(paymentId);
    const bia = await signedInUser(t, { name: "Bia" });
    // Someone else's check does nothing.
    vi.advanceTimersByTime(61 * MINUTE);
    await bia.as.mutation(api.deposits.verifyAtExpiry, { depositId });
    await runDueFunctions(t);
    expect(bank.requests.filter((r) => r.method === "GET")).toHaveLength(0);
    expect(await ana.as.query(api.deposits.get, { depositId })).toMatchObject({ status: "pending", verifiedAfterExpiry: false });
    await ana.as.mutation(api.deposits.verifyAtExpiry, { depositId });
    await ana.as.mutation(api.deposits.verifyAtExpiry, { depositId });
    await runDueFunctions(t);
    expect(bank.requests.filter((r) => r.method === "GET")).toHaveLength(1);
    expect(await ana.as.query(api.deposits.get, { depositId })).toMatchObject({ status: "paid", verifiedAfterExpiry: true });
    expect(await walletOf(ana.userId)).toBe(7_000);
  });

  test("checked by a dialog whose clock runs ahead: read at the charge's expiry, not before, and once", async () => {
    const { depositId, paymentId } = await generatePix(2_000);
    await ana.as.mutation(api.deposits.verifyAtExpiry, { depositId });
    await runDueFunctions(t);
    expect(bank.requests.filter((r) => r.method === "GET")).toHaveLength(0);
    bank.expire(paymentId);
    await advanceClock(t, 61 * MINUTE);
    expect(bank.requests.filter((r) => r.method === "GET")).toHaveLength(1);
    expect(await ana.as.query(api.deposits.get, { depositId })).toMatchObject({ status: "expired", verifiedAfterExpiry: true });
  });

  test("is someone else's: not shown", async () => {
    const { depositId } = await generatePix(2_000);
    const bia = await signedInUser(t, { name: "Bia" });
    expect(await bia.as.query(api.deposits.get, { depositId })).toBeNull();
    expect(await bia.as.query(api.deposits.get, { depositId: "nonsense" })).toBeNull();
    expect(await bia.as.query(api.deposits.pending, {})).toEqual([]);
  });

  test.each([0, -500, 12.5, 499, 500_001, Number.NaN, Number.POSITIVE_INFINITY])(
    "of %s cents is refused and changes nothing",
    async (amountCents) => {
      const before = await snapshot(t);
      const error = await rejectionData(ana.as.mutation(api.deposits.create, { amountCents }));
      expect(error).toEqual({ code: "INVALID_AMOUNT", message: "Informe um valor entre R$ 5,00 e R$ 5.000,00." });
      expect(await snapshot(t)).toEqual(before);
    },
  );

  test("refused by the provider fails without charging; a provider down is retried with the same key", async () => {
    await bank.fault("status=400");
    const refused = await generatePix(2_000);
    expect(refused.view.status).toBe("failed");
    await bank.fault("status=500");
    await bank.fault("status=503");
    const { depositId } = await ana.as.mutation(api.deposits.create, { amountCents: 2_000 });
    for (let i = 0; i < 3; i++) {
      await runDueFunctions(t);
      vi.advanceTimersByTime(10_000);
    }
    await runDueFunctions(t);
    expect((await ana.as.query(api.deposits.get, { depositId }))?.status).toBe("pending");
    const keys = bank.requests.filter((r) => r.path === "/v1/payments" && r.idempotencyKey === `deposit-${depositId}`);
    expect(keys).toHaveLength(3);
    expect(bank.payments.size).toBe(1);
  });

  test("needs PIX configured on the deployment", async () => {
    vi.stubEnv("MERCADOPAGO_ACCESS_TOKEN", undefined);
    expect((await rejectionData(ana.as.mutation(api.deposits.create, { amountCents: 2_000 }))).code).toBe("PIX_NOT_CONFIGURED");
  });

  test("at most five waiting at once", async () => {
    for (let i = 0; i < 5; i++) await generatePix(500 + i);
    expect((await rejectionData(ana.as.mutation(api.deposits.create, { amountCents: 600 }))).code).toBe("TOO_MANY_DEPOSITS");
  });
});

describe("a PIX payment", () => {
  test("confirmed by a verified webhook credits the wallet once, with a statement line and a notification", async () => {
    const { depositId, paymentId } = await generatePix(2_000);
    bank.pay(paymentId);
    expect((await deliverWebhook(t, paymentId)).status).toBe(200);
    expect(await walletOf(ana.userId)).toBe(7_000);
    expect((await ana.as.query(api.deposits.get, { depositId }))?.status).toBe("paid");
    const statement = await ana.as.query(api.wallet.statement, { paginationOpts: { numItems: 10, cursor: null } });
    expect(statement.page[0]).toMatchObject({
      kind: "deposit",
      description: "Depósito via PIX",
      amountCents: 2_000,
      balanceAfterCents: 7_000,
    });
    const notes = await ana.as.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(notes.page.map((n) => n.text)).toEqual(["Depósito via PIX confirmado: R$ 20,00 na sua carteira."]);
    expect(await ana.as.query(api.deposits.pending, {})).toEqual([]);
  });

  test("one webhook delivered five times at once credits once", async () => {
    const { paymentId } = await generatePix(2_000);
    bank.pay(paymentId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(t, paymentId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // And once more, late, and out of order with an older "pending" read in between.
    await deliverWebhook(t, paymentId);
    expect(await walletOf(ana.userId)).toBe(7_000);
    expect((await allRows(t, "walletEntries")).filter((e) => e.kind === "deposit")).toHaveLength(1);
  });

  test("of another amount or currency credits nothing and is kept for review", async () => {
    const short = await generatePix(2_000);
    bank.pay(short.paymentId, { amount: 2 });
    await deliverWebhook(t, short.paymentId);
    const euro = await generatePix(3_000);
    bank.pay(euro.paymentId, { currency: "EUR" });
    await deliverWebhook(t, euro.paymentId);
    expect(await walletOf(ana.userId)).toBe(5_000);
    const rows = await allRows(t, "deposits");
    expect(rows.map((r) => [r.status, r.reviewReason])).toEqual([
      ["review", "pago 200 centavos em BRL; cobrado 2000 em BRL"],
      ["review", "pago 3000 centavos em EUR; cobrado 3000 em BRL"],
    ]);
    // Shown in the Extrato as `Em análise` (newest first), not hidden.
    expect((await ana.as.query(api.deposits.inReview, {})).map((d) => [d.amountCents, d.status])).toEqual([
      [3_000, "review"],
      [2_000, "review"],
    ]);
    // The bank reporting the full amount later changes nothing either.
    bank.contradicts.paid(short.paymentId, 20);
    await deliverWebhook(t, short.paymentId);
    expect(await walletOf(ana.userId)).toBe(5_000);
  });

  test("for a charge that is not ours is ignored and logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await generatePix(2_000);
    // A payment created at the provider by someone else (no deposit of ours).
    const charge = {
      transaction_amount: 20,
      payment_method_id: "pix",
      payer: { email: "outra@exemplo.com" },
      external_reference: "k17abc",
    };
    const theirs = String(bank.sandbox.createPayment(charge).id);
    bank.pay(theirs);
    const before = await snapshot(t);
    expect((await deliverWebhook(t, theirs)).status).toBe(200);
    expect(await snapshot(t)).toEqual(before);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`payment ${theirs} belongs to no charge of ours`));
  });

  test("expired or cancelled closes the charge without credit", async () => {
    const { depositId, paymentId } = await generatePix(2_000);
    vi.advanceTimersByTime(31 * MINUTE);
    bank.expire(paymentId);
    await deliverWebhook(t, paymentId);
    expect((await ana.as.query(api.deposits.get, { depositId }))?.status).toBe("expired");
    const early = await generatePix(2_000);
    bank.cancel(early.paymentId);
    await deliverWebhook(t, early.paymentId);
    expect((await ana.as.query(api.deposits.get, { depositId: early.depositId }))?.status).toBe("cancelled");
    // A payment approved after the charge closed (out of order) is not credited.
    bank.contradicts.paid(paymentId, 20);
    await deliverWebhook(t, paymentId);
    expect(await walletOf(ana.userId)).toBe(5_000);
  });

  test("still pending changes nothing", async () => {
    const { depositId, paymentId } = await generatePix(2_000);
    await deliverWebhook(t, paymentId);
    expect((await ana.as.query(api.deposits.get, { depositId }))?.status).toBe("pending");
  });
});

describe("webhook signatures", () => {
  let paymentId: string;
  beforeEach(async () => {
    paymentId = (await generatePix(2_000)).paymentId;
    bank.pay(paymentId);
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  test("with the right secret are accepted", async () => {
    expect((await deliverWebhook(t, paymentId)).status).toBe(200);
    expect(await walletOf(ana.userId)).toBe(7_000);
  });

  test.each([
    ["a wrong secret", { secret: "outro-segredo" }, "signature does not match"],
    ["a stale ts", { ts: Math.floor(Date.now() / 1000) - 6 * 60 }, "stale ts"],
    ["a ts from the future", { ts: Math.floor(Date.now() / 1000) + 6 * 60 }, "stale ts"],
    ["a body about another payment", { bodyId: "123" }, "body names 123"],
    ["no signature", { signature: null }, "no x-signature"],
    ["a malformed signature", { signature: "ts=1,v1=zz" }, "malformed x-signature"],
    ["a body that is not JSON", { body: "{nope" }, "body is not JSON"],
  ] as const)("with %s are refused, credit nothing and are logged", async (_, options, reason) => {
    const before = await snapshot(t);
    expect((await deliverWebhook(t, paymentId, options)).status).toBe(401);
    expect(await snapshot(t)).toEqual(before);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining(reason));
    expect(bank.requests.filter((r) => r.method === "GET")).toEqual([]);
  });

  test("at POST /pix/webhook and the older /webhooks/mercadopago; without x-request-id the signed text leaves that part out", async () => {
    // Signed with a request id but sent without one: refused.
    const signedWithId = await signWebhook(TEST_WEBHOOK_SECRET, paymentId, "req-9", Math.floor(Date.now() / 1000));
    expect((await deliverWebhook(t, paymentId, { requestId: null, signature: signedWithId })).status).toBe(401);
    expect(await walletOf(ana.userId)).toBe(5_000);
    // Signed as Mercado Pago does when there is none: id:<id>;ts:<ts>;
    const signed = await signWebhook(TEST_WEBHOOK_SECRET, paymentId, null, Math.floor(Date.now() / 1000));
    expect((await deliverWebhook(t, paymentId, { requestId: null, signature: signed })).status).toBe(200);
    expect(await walletOf(ana.userId)).toBe(7_000);
    expect((await deliverWebhook(t, paymentId, { path: "/webhooks/mercadopago" })).status).toBe(200);
    expect(await walletOf(ana.userId)).toBe(7_000);
  });

  test("with the signature of another charge's id are refused", async () => {
    const other = (await generatePix(3_000)).paymentId;
    const before = await snapshot(t);
    // Signed for `other`, sent about `paymentId`: the query string's data.id is what is checked.
    const requestId = "req-1";
    const signature = await signWebhook("segredo-do-webhook", other, requestId, Math.floor(Date.now() / 1000));
    const response = await t.fetch(`/pix/webhook?data.id=${paymentId}&type=payment`, {
      method: "POST",
      headers: { "x-signature": signature, "x-request-id": requestId },
      body: JSON.stringify({ data: { id: paymentId } }),
    });
    expect(response.status).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });

  test("a huge body is refused unread; a flood of bad ones changes nothing and crashes nothing", async () => {
    const before = await snapshot(t);
    expect((await deliverWebhook(t, paymentId, { body: "x".repeat(100_000) })).status).toBe(413);
    const flood = await Promise.all(Array.from({ length: 50 }, (_, i) => deliverWebhook(t, paymentId, { secret: `chute-${i}` })));
    expect(new Set(flood.map((r) => r.status))).toEqual(new Set([401]));
    expect(await snapshot(t)).toEqual(before);
  });

  test("without a webhook secret configured, every notification is refused", async () => {
    vi.stubEnv("MERCADOPAGO_WEBHOOK_SECRET", undefined);
    expect((await deliverWebhook(t, paymentId)).status).toBe(401);
    expect(await walletOf(ana.userId)).toBe(5_000);
  });
});

describe("reconciliation", () => {
  test("credits a paid charge whose webhook never came, once, after its expiry", async () => {
    const { depositId, paymentId } = await generatePix(2_000);
    bank.pay(paymentId);
    await t.action(internal.reconciliation.run, {});
    expect(await walletOf(ana.userId)).toBe(5_000); // not overdue yet: the webhook may still come
    vi.advanceTimersByTime(61 * MINUTE);
    await t.action(internal.reconciliation.run, {});
    await t.action(internal.reconciliation.run, {});
    expect(await walletOf(ana.userId)).toBe(7_000);
    expect((await ana.as.query(api.deposits.get, { depositId }))?.status).toBe("paid");
  });

  test("closes an unpaid charge the provider expired, and fails a creation that never finished", async () => {
    const { depositId, paymentId } = await generatePix(2_000);
    bank.expire(paymentId);
    const stuck = await t.run((ctx) =>
      ctx.db.insert("deposits", { userId: ana.userId, amountCents: 900, status: "creating", expiresAt: Date.now() + 30 * MINUTE }),
    );
    vi.advanceTimersByTime(61 * MINUTE);
    await t.action(internal.reconciliation.run, {});
    expect((await ana.as.query(api.deposits.get, { depositId }))?.status).toBe("expired");
    expect((await t.run((ctx) => ctx.db.get("deposits", stuck)))?.status).toBe("failed");
  });
});
