import { afterEach, describe, expect, test } from "vitest";
import { generateKeyPairSync, sign } from "node:crypto";
import { pixPayout, startTestSandbox, type TestSandbox } from "./test-support.ts";

let sandbox: TestSandbox;
afterEach(async () => {
  await sandbox.close();
});

describe("POST /v1/transaction-intents/process and GET /v1/transaction-intents/{id}", () => {
  test("a payout to a PIX key is accepted (202) in process; GET reads it", async () => {
    sandbox = await startTestSandbox();
    const created = await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout({ amount: 150.25 }));
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      status: "in_process",
      external_reference: "payout-1",
      point_of_interaction: "PSP_TRANSFER",
      transaction: { total_amount: 150.25, paid_amount: 150.25, refunded_amount: 0 },
    });
    expect(created.body.transaction.to.accounts[0]).toMatchObject({
      status_detail: "pending_bank",
      chave: { type: "EMAIL", value: "ana@example.com" },
    });
    expect(await sandbox.api("GET", `/v1/transaction-intents/${created.body.id}`)).toEqual({ status: 200, body: created.body });
  });

  test.each([
    ["CPF", "12345678909"],
    ["CNPJ", "11222333000181"],
    ["PHONE", "+5511987654321"],
    ["PIX_CODE", "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d"],
  ])("a %s key is accepted", async (type, value) => {
    sandbox = await startTestSandbox();
    expect((await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout({ key: { type, value } }))).status).toBe(202);
  });

  test.each([
    ["an e-mail key that is not one", { key: { type: "EMAIL", value: "ana.example.com" } }],
    ["a CPF with a wrong check digit", { key: { type: "CPF", value: "12345678900" } }],
    ["a landline as a phone key", { key: { type: "PHONE", value: "+551133334444" } }],
    ["a CPF sent as a phone key", { key: { type: "PHONE", value: "12345678909" } }],
    ["an unknown key type", { key: { type: "IBAN", value: "x" } }],
    ["amount 0", { amount: 0 }],
    ["a fraction of a cent", { amount: 10.001 }],
  ])("%s: 400, nothing created", async (_case, overrides) => {
    sandbox = await startTestSandbox();
    const answer = await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: "bad_request", status: 400, cause: [] });
    expect(typeof answer.body.message).toBe("string");
    expect((await sandbox.control("GET", "/sandbox/state")).body.payouts).toEqual([]);
  });

  test("amounts that differ between from, to and total are refused", async () => {
    sandbox = await startTestSandbox();
    const body = pixPayout({ amount: 100 });
    body.transaction.to.accounts[0]!.amount = 90;
    expect((await sandbox.api("POST", "/v1/transaction-intents/process", body)).status).toBe(400);
  });

  test("Concluir pays it, Falhar rejects it (by_bank or the reason given); only once", async () => {
    sandbox = await startTestSandbox();
    const { body: first } = await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout());
    const { body: second } = await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout());
    const { body: third } = await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout());
    const paid = await sandbox.control("POST", `/sandbox/payouts/${first.id}/complete`);
    expect(paid.body).toMatchObject({ status: "approved" });
    expect(paid.body.transaction.to.accounts[0].status_detail).toBe("approved");
    const failed = await sandbox.control("POST", `/sandbox/payouts/${second.id}/fail`);
    expect(failed.body).toMatchObject({ status: "rejected" });
    expect(failed.body.transaction.to.accounts[0].status_detail).toBe("by_bank");
    expect((await sandbox.control("POST", `/sandbox/payouts/${third.id}/fail?detail=nope`)).status).toBe(400);
    const poor = await sandbox.control("POST", `/sandbox/payouts/${third.id}/fail?detail=insufficient_funds`);
    expect(poor.body.transaction.to.accounts[0].status_detail).toBe("insufficient_funds");
    expect((await sandbox.control("POST", `/sandbox/payouts/${first.id}/fail`)).status).toBe(409);
    expect((await sandbox.api("GET", `/v1/transaction-intents/${second.id}`)).body.status).toBe("rejected");
  });

  test("an unknown payout is 404", async () => {
    sandbox = await startTestSandbox();
    expect((await sandbox.api("GET", "/v1/transaction-intents/nope")).body).toEqual({
      message: "Transaction intent not found",
      error: "not_found",
      status: 404,
      cause: [],
    });
  });
});

describe("payouts signed with Ed25519 (a sandbox started with --payout-public-key)", () => {
  const PATH = "/v1/transaction-intents/process";
  const keys = generateKeyPairSync("ed25519");
  const signed = (body: string, key = keys.privateKey) => sign(null, Buffer.from(body), key).toString("base64");

  test("a payout signed by the key's owner is accepted; unsigned, wrongly signed or another body is refused (401) and creates nothing", async () => {
    sandbox = await startTestSandbox({ payoutPublicKey: keys.publicKey.export({ type: "spki", format: "pem" }).toString() });
    const body = JSON.stringify(pixPayout({ amount: 20 }));
    const stranger = generateKeyPairSync("ed25519").privateKey;
    const refusals: Record<string, string>[] = [
      {},
      { "x-signature": "bm90IGEgc2lnbmF0dXJl" },
      { "x-signature": signed(body, stranger) },
      { "x-signature": signed(body.replace('"amount":20', '"amount":2000')) },
    ];
    for (const headers of refusals) {
      const answer = await sandbox.api("POST", PATH, body, headers);
      expect(answer).toMatchObject({ status: 401, body: { message: "invalid signature" } });
    }
    expect((await sandbox.control("GET", "/sandbox/state")).body.payouts).toEqual([]);
    const accepted = await sandbox.api("POST", PATH, body, { "x-signature": signed(body), "x-enforce-signature": "true" });
    expect(accepted).toMatchObject({ status: 202, body: { status: "in_process" } });
  });
});
