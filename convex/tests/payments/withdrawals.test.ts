import { beforeEach, describe, expect, test, vi } from "vitest";
import { generateKeyPairSync, verify } from "node:crypto";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { deliverWebhook, depositNow, type PixBank, payoutIdOf, withPixTestBackend } from "../test.pix";
import {
  advanceClock,
  allRows,
  type Backend,
  type Caller,
  createEvent,
  DAY,
  MINUTE,
  rejectionData,
  runDueFunctions,
  signedInUser,
  snapshot,
  supportNow,
} from "../test.helpers";

let t: Backend;
let bank: PixBank;
let ana: { userId: Id<"users">; as: Caller };
withPixTestBackend((setup) => ({ t, bank, ana } = setup));
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const CPF = "529.982.247-25";
const summaryOf = (caller: Caller) => caller.query(api.withdrawals.summary, {});
const walletOf = async (userId: Id<"users">) => (await t.run((ctx) => ctx.db.get("users", userId)))!.walletCents;
const statementOf = async (caller: Caller) =>
  (await caller.query(api.wallet.statement, { paginationOpts: { numItems: 20, cursor: null } })).page;

/** `Solicitar saque` and the provider's first answer. */
async function withdraw(
  amountCents: number,
  { caller = ana.as, keyType = "cpf", key = CPF, ownerDocument = undefined as string | undefined } = {},
) {
  const { withdrawalId } = await caller.mutation(api.withdrawals.request, { amountCents, keyType, key, ownerDocument });
  await runDueFunctions(t);
  return withdrawalId;
}

describe("what is withdrawable", () => {
  test("never the welcome bonus, even after supporting an event that is refunded", async () => {
    expect(await summaryOf(ana.as)).toEqual({ withdrawableCents: 0, owedCents: 0, inProgress: null });
    expect(await rejectionData(ana.as.mutation(api.withdrawals.request, { amountCents: 1_000, keyType: "cpf", key: CPF }))).toEqual({
      code: "ABOVE_WITHDRAWABLE",
      message: "O valor é maior que o disponível para saque (R$ 0,00). O bônus de boas-vindas não pode ser sacado.",
    });
    const bia = await signedInUser(t, { name: "Bia" });
    const eventId = await createEvent(bia.as, { goalCents: 100_000, startsAt: Date.now() + DAY });
    await supportNow(t, ana.as, { eventId, amountCents: 3_000 });
    await depositNow(t, bank, ana.as, 2_000);
    // Promotional money is spent first: the R$ 20,00 deposit is all that may leave.
    expect((await summaryOf(ana.as))?.withdrawableCents).toBe(2_000);
    await supportNow(t, ana.as, { eventId, amountCents: 2_500 });
    // R$ 20,00 of bonus, then R$ 5,00 of the deposit: R$ 15,00 left to withdraw.
    expect((await summaryOf(ana.as))?.withdrawableCents).toBe(1_500);
    // The event misses its goal: R$ 55,00 come back, R$ 50,00 of them as the bonus they were.
    await advanceClock(t, DAY);
    expect(await walletOf(ana.userId)).toBe(7_000);
    expect((await summaryOf(ana.as))?.withdrawableCents).toBe(2_000);
  });

  test("includes money received as an organizer, except what its supporters paid with their bonus", async () => {
    const bia = await signedInUser(t, { name: "Bia" });
    const eventId = await createEvent(ana.as, { goalCents: 9_000, startsAt: Date.now() + DAY });
    await depositNow(t, bank, bia.as, 4_000);
    await supportNow(t, bia.as, { eventId, amountCents: 9_000 }); // R$ 50,00 of bonus, R$ 40,00 deposited
    await advanceClock(t, DAY); // settled: paid out to Ana
    expect(await summaryOf(ana.as)).toEqual({ withdrawableCents: 4_000, owedCents: 0, inProgress: null });
    expect((await summaryOf(bia.as))?.withdrawableCents).toBe(0);
  });

  test("is the same rule on the server whatever the dialog said", async () => {
    await depositNow(t, bank, ana.as, 2_000);
    const code = (amountCents: number) =>
      rejectionData(ana.as.mutation(api.withdrawals.request, { amountCents, keyType: "cpf", key: CPF })).then((e) => e.code);
    expect(await code(2_001)).toBe("ABOVE_WITHDRAWABLE");
    expect(await code(7_000)).toBe("ABOVE_WITHDRAWABLE");
    expect((await summaryOf(ana.as))?.withdrawableCents).toBe(2_000);
  });
});

describe("a withdrawal", () => {
  beforeEach(async () => {
    await depositNow(t, bank, ana.as, 5_000);
  });

  test("leaves the wallet at once, is sent to the key and ends Pago", async () => {
    const { withdrawalId } = await ana.as.mutation(api.withdrawals.request, {
      amountCents: 3_000,
      keyType: "email",
      key: " Ana@Exemplo.COM ",
      ownerDocument: CPF,
    });
    expect(await walletOf(ana.userId)).toBe(7_000);
    expect((await statementOf(ana.as))[0]).toMatchObject({
      kind: "withdrawal",
      description: "Saque via PIX",
      state: "Em processamento",
      amountCents: -3_000,
    });
    await runDueFunctions(t);
    const payout = [...bank.payouts.values()][0]!;
    expect(payout).toMatchObject({
      transaction: {
        total_amount: 30,
        to: {
          accounts: [
            { chave: { type: "EMAIL", value: "ana@exemplo.com" }, owner: { identification: { type: "CPF", number: "52998224725" } } },
          ],
        },
      },
      external_reference: withdrawalId,
    });
    expect(bank.requests.find((r) => r.path === "/v1/transaction-intents/process")?.idempotencyKey).toBe(`withdrawal-${withdrawalId}`);
    expect((await summaryOf(ana.as))?.inProgress).toMatchObject({ amountCents: 3_000 });
    bank.completePayout(payout.id);
    expect((await deliverWebhook(t, payout.id, { type: "transaction_intent" })).status).toBe(200);
    expect((await statementOf(ana.as))[0]).toMatchObject({ description: "Saque via PIX", state: "Pago" });
    expect(await walletOf(ana.userId)).toBe(7_000);
    expect(await summaryOf(ana.as)).toEqual({ withdrawableCents: 2_000, owedCents: 0, inProgress: null });
    const notes = await ana.as.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(notes.page[0]?.text).toBe("Saque via PIX de R$ 30,00 pago.");
    // A late duplicate, or a "failed" read after it was paid, changes nothing.
    bank.contradicts.payoutFailed(payout.id);
    await deliverWebhook(t, payout.id, { type: "transaction_intent" });
    expect(await walletOf(ana.userId)).toBe(7_000);
  });

  test("that fails returns the money (Saque devolvido) and tells the person", async () => {
    const withdrawalId = await withdraw(3_000);
    bank.failPayout(await payoutIdOf(t, withdrawalId));
    await deliverWebhook(t, await payoutIdOf(t, withdrawalId), { type: "transaction_intent" });
    const [returned, sent] = await statementOf(ana.as);
    expect(sent).toMatchObject({ description: "Saque via PIX", state: "Falhou", amountCents: -3_000 });
    expect(returned).toMatchObject({
      kind: "withdrawalReturned",
      description: "Saque devolvido",
      amountCents: 3_000,
      balanceAfterCents: 10_000,
    });
    expect(await summaryOf(ana.as)).toEqual({ withdrawableCents: 5_000, owedCents: 0, inProgress: null });
    const notes = await ana.as.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(notes.page[0]?.text).toBe("Saque via PIX de R$ 30,00 falhou. O valor voltou para a sua carteira.");
    // Delivered again: returned once.
    await deliverWebhook(t, await payoutIdOf(t, withdrawalId), { type: "transaction_intent" });
    expect((await allRows(t, "walletEntries")).filter((e) => e.kind === "withdrawalReturned")).toHaveLength(1);
  });

  test("refused by the provider fails and returns the money; a provider down is retried by reconciliation with the same key", async () => {
    await bank.fault("status=400");
    await withdraw(1_000);
    expect(await walletOf(ana.userId)).toBe(10_000);
    expect((await statementOf(ana.as))[1]).toMatchObject({ state: "Falhou" });

    await bank.fault("status=503");
    const withdrawalId = await withdraw(2_000);
    expect((await statementOf(ana.as))[0]).toMatchObject({ state: "Em processamento" });
    vi.advanceTimersByTime(11 * MINUTE);
    await t.action(internal.reconciliation.run, {});
    const keys = bank.requests.filter((r) => r.idempotencyKey === `withdrawal-${withdrawalId}`);
    expect(keys).toHaveLength(2);
    expect(bank.payouts.size).toBe(1);
  });

  test("whose webhook never came is settled by reconciliation", async () => {
    const withdrawalId = await withdraw(2_000);
    bank.completePayout(await payoutIdOf(t, withdrawalId));
    await t.action(internal.reconciliation.run, {});
    expect((await statementOf(ana.as))[0]).toMatchObject({ state: "Em processamento" }); // not overdue yet
    vi.advanceTimersByTime(11 * MINUTE);
    await t.action(internal.reconciliation.run, {});
    expect((await statementOf(ana.as))[0]).toMatchObject({ state: "Pago" });
  });

  test("one at a time: a second while the first is processing is refused", async () => {
    await withdraw(1_000);
    const before = await snapshot(t);
    expect(await rejectionData(ana.as.mutation(api.withdrawals.request, { amountCents: 1_000, keyType: "cpf", key: CPF }))).toEqual({
      code: "WITHDRAWAL_IN_PROGRESS",
      message: "Você já tem um saque em processamento. Aguarde a conclusão para pedir outro.",
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("two requested at once: one is refused", async () => {
    const results = await Promise.allSettled(
      [1, 2].map(() => ana.as.mutation(api.withdrawals.request, { amountCents: 1_000, keyType: "cpf", key: CPF })),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await allRows(t, "withdrawals")).toHaveLength(1);
  });

  test.each([
    [999, "cpf", "INVALID_AMOUNT", CPF],
    [0, "cpf", "INVALID_AMOUNT", CPF],
    [-1_000, "cpf", "INVALID_AMOUNT", CPF],
    [1_000.5, "cpf", "INVALID_AMOUNT", CPF],
    [Number.NaN, "cpf", "INVALID_AMOUNT", CPF],
    [1_000, "cpf", "INVALID_PIX_KEY", "123.456.789-00"],
    [1_000, "cnpj", "INVALID_PIX_KEY", CPF],
    [1_000, "email", "INVALID_PIX_KEY", "ana@"],
    [1_000, "phone", "INVALID_PIX_KEY", "1234"],
    [1_000, "evp", "INVALID_PIX_KEY", "not-a-uuid"],
    [1_000, "iban", "INVALID_PIX_KEY", CPF],
    [1_000, "email", "INVALID_PIX_KEY", `${"a".repeat(5_000)}@x.com`],
    [1_000, "email", "INVALID_OWNER_DOCUMENT", "ana@exemplo.com"],
    [1_000, "evp", "INVALID_OWNER_DOCUMENT", "123e4567-e12b-12d1-a456-426655440000", "123.456.789-00"],
    [1_000, "phone", "INVALID_OWNER_DOCUMENT", "11987654321", "11.222.333/0001-00"],
  ] as const)(
    "of %s cents to a %s key is refused (%s) and changes nothing",
    async (amountCents, keyType, code, key, ownerDocument?: string) => {
      const before = await snapshot(t);
      expect((await rejectionData(ana.as.mutation(api.withdrawals.request, { amountCents, keyType, key, ownerDocument }))).code).toBe(code);
      expect(await snapshot(t)).toEqual(before);
    },
  );

  test("takes every key type in its usual forms", async () => {
    const keys = [
      ["cpf", "52998224725"],
      ["cnpj", "11.222.333/0001-81"],
      ["phone", "(11) 98765-4321", "11.222.333/0001-81"],
      ["evp", "123E4567-E12B-12D1-A456-426655440000", CPF],
    ] as const;
    for (const [keyType, key, ownerDocument] of keys) {
      const withdrawalId = await withdraw(1_000, { keyType, key, ownerDocument });
      bank.completePayout(await payoutIdOf(t, withdrawalId));
      await deliverWebhook(t, await payoutIdOf(t, withdrawalId), { type: "transaction_intent" });
    }
    expect(
      [...bank.payouts.values()].map((p) => [p.transaction.to.accounts[0].chave, p.transaction.to.accounts[0].owner.identification]),
    ).toEqual([
      [
        { type: "CPF", value: "52998224725" },
        { type: "CPF", number: "52998224725" },
      ],
      [
        { type: "CNPJ", value: "11222333000181" },
        { type: "CNPJ", number: "11222333000181" },
      ],
      [
        { type: "PHONE", value: "+5511987654321" },
        { type: "CNPJ", number: "11222333000181" },
      ],
      [
        { type: "PIX_CODE", value: "123e4567-e12b-12d1-a456-426655440000" },
        { type: "CPF", number: "52998224725" },
      ],
    ]);
  });
});

describe("a payout request's Ed25519 signature (production Payouts)", () => {
  const PAYOUT_PATH = "/v1/transaction-intents/process";
  const keys = generateKeyPairSync("ed25519");
  const privatePem = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const payoutRequest = () => bank.requests.find((r) => r.path === PAYOUT_PATH)!;

  test("signs the exact body with the deployment's key, and nothing else is signed", async () => {
    vi.stubEnv("MERCADOPAGO_PAYOUT_PRIVATE_KEY", privatePem);
    await depositNow(t, bank, ana.as, 3_000);
    await withdraw(3_000);
    const { headers, body } = payoutRequest();
    expect(headers.get("x-enforce-signature")).toBe("true");
    const signature = Buffer.from(headers.get("x-signature")!, "base64");
    expect(verify(null, Buffer.from(body!), keys.publicKey, signature)).toBe(true);
    // The signature is of these bytes: another body (a changed amount) does not verify.
    expect(verify(null, Buffer.from(body!.replace('"amount":30', '"amount":3000')), keys.publicKey, signature)).toBe(false);
    // Charges are not Payouts: unsigned.
    expect(bank.requests.find((r) => r.path === "/v1/payments")?.headers.get("x-signature")).toBeNull();
  });

  test("is left out where no key is set (Mercado Pago's test environment, the sandbox)", async () => {
    await depositNow(t, bank, ana.as, 3_000);
    await withdraw(3_000);
    expect(payoutRequest().headers.get("x-signature")).toBeNull();
    expect(payoutRequest().headers.get("x-enforce-signature")).toBeNull();
  });

  test("a key that is not an Ed25519 private key sends nothing and returns the money", async () => {
    vi.stubEnv("MERCADOPAGO_PAYOUT_PRIVATE_KEY", "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----");
    await depositNow(t, bank, ana.as, 3_000);
    await withdraw(3_000);
    expect(bank.requests.some((r) => r.path === PAYOUT_PATH)).toBe(false);
    expect((await statementOf(ana.as))[0]).toMatchObject({ kind: "withdrawalReturned", amountCents: 3_000 });
    expect(await walletOf(ana.userId)).toBe(8_000);
  });
});
