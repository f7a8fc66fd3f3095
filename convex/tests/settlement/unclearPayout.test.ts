/**
 * A withdrawal whose transfer the bank may have made is never returned to the wallet: an
 * answer that is lost, late or unclear keeps it `Em processamento` until the provider says
 * what became of it.
 */
import { beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { deliverWebhook, depositNow, type PixBank, withPixTestBackend } from "../test.pix";
import { allRows, type Backend, type Caller, expectInvariants, MINUTE, rejectionData, runDueFunctions } from "../test.helpers";

let t: Backend;
let bank: PixBank;
let ana: { userId: Id<"users">; as: Caller };
withPixTestBackend((setup) => ({ t, bank, ana } = setup));
beforeEach(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
  await depositNow(t, bank, ana.as, 5_000);
});

const CPF = "529.982.247-25";
const walletOf = async () => (await t.run((ctx) => ctx.db.get("users", ana.userId)))!.walletCents;
const stateOf = async () => (await ana.as.query(api.wallet.statement, { paginationOpts: { numItems: 5, cursor: null } })).page[0];
const reconcile = async () => {
  vi.advanceTimersByTime(11 * MINUTE);
  await t.action(internal.reconciliation.run, {});
};

async function withdrawWithLostAnswer(amountCents: number) {
  await bank.fault("drop=1");
  const { withdrawalId } = await ana.as.mutation(api.withdrawals.request, { amountCents, keyType: "cpf", key: CPF });
  await runDueFunctions(t);
  // The bank made the transfer; its answer never arrived.
  expect(bank.payouts.size).toBe(1);
  return withdrawalId;
}

describe("a payout whose answer was lost", () => {
  test.each([408, 409, 425, 429, 500, 503])(
    "a retry answered %i keeps it in processing; the bank's payment settles it once",
    async (status) => {
      const withdrawalId = await withdrawWithLostAnswer(3_000);
      expect(await stateOf()).toMatchObject({ state: "Em processamento" });
      await bank.fault(`status=${status}`);
      await reconcile();
      // Not returned: the bank may still pay it (and here it does).
      expect(await walletOf()).toBe(7_000);
      expect(await stateOf()).toMatchObject({ kind: "withdrawal", state: "Em processamento" });
      const payoutId = [...bank.payouts.keys()][0]!;
      bank.completePayout(payoutId);
      // The next retry, with the same key, is answered as the first call was (Mercado Pago keeps
      // that answer): the transfer the bank made, in_process; reading it by its id then finds it paid.
      await reconcile();
      await reconcile();
      expect(await stateOf()).toMatchObject({ kind: "withdrawal", state: "Pago" });
      expect(await walletOf()).toBe(7_000);
      const keys = bank.requests.filter((r) => r.idempotencyKey === `withdrawal-${withdrawalId}`);
      expect(new Set(keys.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(bank.payouts.size).toBe(1);
      await expectInvariants(t);
    },
  );

  test("a refusal other than of the request itself (401, 403, 404) after a lost answer proves nothing: kept in processing", async () => {
    await withdrawWithLostAnswer(3_000);
    for (const status of [401, 403, 404]) {
      await bank.fault(`status=${status}`);
      await reconcile();
      expect(await walletOf()).toBe(7_000);
    }
    expect(await stateOf()).toMatchObject({ state: "Em processamento" });
  });

  test("the bank saying the transfer failed returns the money, once", async () => {
    await withdrawWithLostAnswer(3_000);
    await reconcile(); // reads the transfer: in process
    const payoutId = [...bank.payouts.keys()][0]!;
    bank.failPayout(payoutId);
    await deliverWebhook(t, payoutId, { type: "transaction_intent" });
    await deliverWebhook(t, payoutId, { type: "transaction_intent" });
    expect(await walletOf()).toBe(10_000);
    expect((await allRows(t, "walletEntries")).filter((e) => e.kind === "withdrawalReturned")).toHaveLength(1);
    await expectInvariants(t);
  });

  test("a new withdrawal while one is unclear is refused and changes nothing", async () => {
    await withdrawWithLostAnswer(1_000);
    const before = await allRows(t, "withdrawals");
    expect(await rejectionData(ana.as.mutation(api.withdrawals.request, { amountCents: 1_000, keyType: "cpf", key: CPF }))).toEqual({
      code: "WITHDRAWAL_IN_PROGRESS",
      message: "Você já tem um saque em processamento. Aguarde a conclusão para pedir outro.",
    });
    expect(await allRows(t, "withdrawals")).toEqual(before);
  });

  test("a first request the bank refuses (400) returns the money at once: nothing was made", async () => {
    await bank.fault("status=400");
    await ana.as.mutation(api.withdrawals.request, { amountCents: 1_000, keyType: "cpf", key: CPF });
    await runDueFunctions(t);
    expect(await stateOf()).toMatchObject({ kind: "withdrawalReturned" });
    expect(await walletOf()).toBe(10_000);
  });
});
