/**
 * Money the bank takes back after it was credited: a returned deposit, a returned withdrawal
 * the bank paid after all. The wallet gives back what it can; the rest is owed, and nothing can
 * be supported or withdrawn until it is paid.
 */
import { beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { deliverWebhook, depositNow, type PixBank, payoutIdOf, withPixTestBackend } from "../test.pix";
import {
  allRows,
  type Backend,
  type Caller,
  createEvent,
  DAY,
  expectInvariants,
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
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const CPF = "529.982.247-25";
const userOf = async () => (await t.run((ctx) => ctx.db.get("users", ana.userId)))!;
const statementOf = async () => (await ana.as.query(api.wallet.statement, { paginationOpts: { numItems: 20, cursor: null } })).page;
const summaryOf = () => ana.as.query(api.withdrawals.summary, {});

async function withdrawAndPay(amountCents: number) {
  const { withdrawalId } = await ana.as.mutation(api.withdrawals.request, { amountCents, keyType: "cpf", key: CPF });
  await runDueFunctions(t);
  const payoutId = await payoutIdOf(t, withdrawalId);
  bank.completePayout(payoutId);
  await deliverWebhook(t, payoutId, { type: "transaction_intent" });
}

describe("a credited PIX deposit the bank takes back", () => {
  test.each(["refunded", "charged_back"] as const)("%s: the wallet is debited once (Devolução de depósito via PIX)", async (status) => {
    const { paymentId } = await depositNow(t, bank, ana.as, 3_000);
    expect((await userOf()).walletCents).toBe(8_000);
    bank.giveBack(paymentId, status);
    await deliverWebhook(t, paymentId);
    await deliverWebhook(t, paymentId);
    expect((await userOf()).walletCents).toBe(5_000);
    expect((await statementOf())[0]).toMatchObject({
      kind: "depositReturned",
      description: "Devolução de depósito via PIX",
      amountCents: -3_000,
    });
    expect((await allRows(t, "deposits"))[0]?.status).toBe("returned");
    expect(await summaryOf()).toMatchObject({ withdrawableCents: 0, owedCents: 0 });
    await expectInvariants(t);
  });

  test("already withdrawn: what is owed blocks supporting and withdrawing until new money pays it", async () => {
    const { paymentId } = await depositNow(t, bank, ana.as, 5_000);
    await withdrawAndPay(5_000);
    bank.giveBack(paymentId, "charged_back");
    await deliverWebhook(t, paymentId);
    // The bonus does not pay a real debt: R$ 50,00 is owed, the bonus stays.
    expect(await userOf()).toMatchObject({ walletCents: 5_000, promoCents: 5_000, owedCents: 5_000 });
    expect((await statementOf())[0]).toMatchObject({
      kind: "depositReturned",
      amountCents: 0,
      detail: "R$ 50,00 em aberto: o próximo saldo que entrar quita esse valor.",
    });
    expect(await summaryOf()).toMatchObject({ withdrawableCents: 0, owedCents: 5_000 });

    const bia = await signedInUser(t, { name: "Bia" });
    const eventId = await createEvent(bia.as, { goalCents: 100_000, startsAt: Date.now() + DAY });
    const before = await snapshot(t);
    expect(await rejectionData(ana.as.mutation(api.supports.support, { eventId, amountCents: 1_000 }))).toEqual({
      code: "MONEY_OWED",
      message: "Sua carteira tem R$ 50,00 em aberto de um depósito PIX devolvido. Adicione saldo para quitar esse valor antes de apoiar.",
    });
    expect(await rejectionData(ana.as.mutation(api.withdrawals.request, { amountCents: 1_000, keyType: "cpf", key: CPF }))).toEqual({
      code: "MONEY_OWED",
      message: "Sua carteira tem R$ 50,00 em aberto de um depósito PIX devolvido. Não é possível sacar até quitar esse valor.",
    });
    expect(await snapshot(t)).toEqual(before);

    await depositNow(t, bank, ana.as, 3_000);
    expect(await userOf()).toMatchObject({ walletCents: 5_000, owedCents: 2_000 });
    expect((await statementOf())[0]).toMatchObject({ kind: "owedPaid", description: "Pagamento de valor devido", amountCents: -3_000 });
    await depositNow(t, bank, ana.as, 3_000);
    expect(await userOf()).toMatchObject({ walletCents: 6_000, owedCents: 0 });
    expect(await summaryOf()).toMatchObject({ withdrawableCents: 1_000, owedCents: 0 });
    await supportNow(t, ana.as, { eventId, amountCents: 1_000 });
    await expectInvariants(t);
  });

  test("a payment in a state the app does not know changes nothing", async () => {
    const { depositId } = await ana.as.mutation(api.deposits.create, { amountCents: 2_000 });
    await runDueFunctions(t);
    const paymentId = (await allRows(t, "deposits"))[0]!.providerPaymentId!;
    bank.pay(paymentId);
    bank.mediate(paymentId);
    const before = await snapshot(t);
    expect((await deliverWebhook(t, paymentId)).status).toBe(200);
    expect(await snapshot(t)).toEqual(before);
    expect(await ana.as.query(api.deposits.get, { depositId })).toMatchObject({ status: "pending" });
  });
});

describe("a withdrawal the bank pays after it failed", () => {
  test("is not dropped: it becomes Pago and its returned money is taken back", async () => {
    await depositNow(t, bank, ana.as, 5_000);
    const { withdrawalId } = await ana.as.mutation(api.withdrawals.request, { amountCents: 2_000, keyType: "cpf", key: CPF });
    await runDueFunctions(t);
    const payoutId = await payoutIdOf(t, withdrawalId);
    bank.failPayout(payoutId);
    await deliverWebhook(t, payoutId, { type: "transaction_intent" });
    expect((await userOf()).walletCents).toBe(10_000);
    // The bank then says it paid it after all.
    bank.contradicts.payoutPaid(payoutId);
    await deliverWebhook(t, payoutId, { type: "transaction_intent" });
    await t.action(internal.reconciliation.run, {});
    expect((await userOf()).walletCents).toBe(8_000);
    expect((await allRows(t, "withdrawals"))[0]).toMatchObject({ status: "paid", paidAfterReturn: true });
    expect((await statementOf())[0]).toMatchObject({ kind: "withdrawalReclaimed", amountCents: -2_000 });
    await deliverWebhook(t, payoutId, { type: "transaction_intent" });
    expect((await userOf()).walletCents).toBe(8_000);
    await expectInvariants(t);
  });
});
