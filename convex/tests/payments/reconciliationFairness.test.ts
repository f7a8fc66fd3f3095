/**
 * Reconciliation visits every open row over time: charges the provider keeps answering
 * `pending`, or cannot answer, never block the rows behind them.
 */
import { beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { depositNow, type PixBank, withPixTestBackend } from "../test.pix";
import { RECONCILE_BATCH } from "../../model/payments/reconcile";
import { type Backend, type Caller, DAY, expectInvariants, MINUTE, runDueFunctions, signedInUser } from "../test.helpers";

let t: Backend;
let bank: PixBank;
let ana: { userId: Id<"users">; as: Caller };
withPixTestBackend((setup) => ({ t, bank, ana } = setup));
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const walletOf = async () => (await t.run((ctx) => ctx.db.get("users", ana.userId)))!.walletCents;

/** A charge the provider keeps as `pending` past its expiry (its rows as the app made them). */
async function stuckCharge(i: number, userId: Id<"users">) {
  // At the provider it lives for days, so it is still pending when the app asks after its own expiry.
  const charge = { transaction_amount: 10, payment_method_id: "pix", payer: { email: `stuck-${i}@exemplo.com` } };
  const paymentId = String(bank.sandbox.createPayment({ ...charge, date_of_expiration: new Date(Date.now() + 30 * DAY).toISOString() }).id);
  await t.run((ctx) =>
    ctx.db.insert("deposits", {
      userId,
      amountCents: 1_000,
      status: "pending",
      providerPaymentId: paymentId,
      qrCode: "x",
      expiresAt: Date.now() + 60 * MINUTE,
      checkAfter: Date.now() + 60 * MINUTE,
    }),
  );
}

test(`more than ${RECONCILE_BATCH} charges answered pending forever do not block a paid one behind them`, async () => {
  const bia = await signedInUser(t, { name: "Bia" });
  for (let i = 0; i < RECONCILE_BATCH + 10; i += 1) await stuckCharge(i, bia.userId);
  // A charge paid after them whose webhook never came.
  const { depositId } = await ana.as.mutation(api.deposits.create, { amountCents: 2_000 });
  await runDueFunctions(t);
  const paymentId = (await t.run((ctx) => ctx.db.get("deposits", depositId)))!.providerPaymentId!;
  bank.pay(paymentId);
  vi.advanceTimersByTime(61 * MINUTE);
  for (let run = 0; run < 3; run += 1) {
    await t.action(internal.reconciliation.run, {});
    vi.advanceTimersByTime(5 * MINUTE);
  }
  expect(await walletOf()).toBe(7_000);
  await expectInvariants(t);
});

test("a withdrawal still in processing after a day is surfaced, in the log and in the Extrato", async () => {
  await depositNow(t, bank, ana.as, 5_000);
  const { withdrawalId } = await ana.as.mutation(api.withdrawals.request, { amountCents: 1_000, keyType: "cpf", key: "52998224725" });
  await bank.fault("status=503");
  await runDueFunctions(t);
  vi.advanceTimersByTime(25 * 60 * MINUTE);
  await t.action(internal.reconciliation.run, {});
  expect(console.error).toHaveBeenCalledWith(expect.stringContaining(`withdrawal ${withdrawalId} still in processing after a day`));
  const statement = await ana.as.query(api.wallet.statement, { paginationOpts: { numItems: 1, cursor: null } });
  expect(statement.page[0]).toMatchObject({
    state: "Em processamento",
    detail:
      "O banco ainda não confirmou este saque. Seguimos verificando; o valor só volta para a carteira se o banco disser que ele não foi feito.",
  });
});
