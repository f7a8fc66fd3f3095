import { afterEach, describe, expect, test } from "vitest";
import { pixCharge, pixPayout, startReceiver, startTestSandbox, type TestSandbox } from "./test-support.ts";

let sandbox: TestSandbox;
afterEach(async () => {
  await sandbox.close();
});

describe("faults on demand (POST /sandbox/faults)", () => {
  test.each([408, 409, 429, 500, 503])("status=%i: the next call is answered %i and nothing is done", async (status) => {
    sandbox = await startTestSandbox();
    expect((await sandbox.control("POST", `/sandbox/faults?status=${status}`)).status).toBe(200);
    const answer = await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout());
    expect(answer.status).toBe(status);
    expect((await sandbox.control("GET", "/sandbox/state")).body.payouts).toEqual([]);
    // Only the next call: the one after it is done.
    expect((await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout())).status).toBe(202);
  });

  test("drop=1: the work is done and the answer lost; the same idempotency key then answers with what was made", async () => {
    sandbox = await startTestSandbox();
    await sandbox.control("POST", "/sandbox/faults?drop=1");
    await expect(sandbox.api("POST", "/v1/transaction-intents/process", pixPayout(), { "x-idempotency-key": "k-1" })).rejects.toThrow();
    const [made] = (await sandbox.control("GET", "/sandbox/state")).body.payouts;
    expect(made).toMatchObject({ status: "in_process" });
    const again = await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout(), { "x-idempotency-key": "k-1" });
    expect(again).toMatchObject({ status: 202, body: { id: made.id } });
  });

  test("times=<n> queues several; a bad request is refused", async () => {
    sandbox = await startTestSandbox();
    await sandbox.control("POST", "/sandbox/faults?status=429&times=2");
    expect((await sandbox.api("GET", "/v1/payments/1")).status).toBe(429);
    expect((await sandbox.api("GET", "/v1/payments/1")).status).toBe(429);
    expect((await sandbox.api("GET", "/v1/payments/1")).status).toBe(404);
    expect((await sandbox.control("POST", "/sandbox/faults?status=200")).status).toBe(400);
    expect((await sandbox.control("POST", "/sandbox/faults")).status).toBe(400);
  });
});

describe("a payment given back (refund, charge-back)", () => {
  test.each([
    ["refund", "refunded", "refunded"],
    ["charge-back", "charged_back", "settled"],
  ])("/%s: an approved payment becomes %s and the app is notified", async (action, status, detail) => {
    const receiver = await startReceiver();
    sandbox = await startTestSandbox();
    const created = await sandbox.api("POST", "/v1/payments", pixCharge({ notification_url: receiver.url }));
    const id = created.body.id;
    expect((await sandbox.control("POST", `/sandbox/payments/${id}/${action}`)).status).toBe(409); // not approved yet
    await sandbox.control("POST", `/sandbox/payments/${id}/pay`);
    const answer = await sandbox.control("POST", `/sandbox/payments/${id}/${action}`);
    expect(answer.body).toMatchObject({ status, status_detail: detail });
    expect((await sandbox.api("GET", `/v1/payments/${id}`)).body).toMatchObject({ status, status_detail: detail });
    // created, paid, given back: the last one says so.
    await receiver.waitFor(3);
    expect(receiver.received.map((r) => (r.body as { action: string }).action)).toEqual([
      "payment.created",
      "payment.updated",
      "payment.updated",
    ]);
    await receiver.close();
  });
});
