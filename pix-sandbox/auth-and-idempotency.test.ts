import { afterEach, describe, expect, test } from "vitest";
import { ACCESS_TOKEN, pixCharge, pixPayout, startReceiver, startTestSandbox, type TestSandbox } from "./test-support.ts";

let sandbox: TestSandbox;
afterEach(async () => {
  await sandbox.close();
});

const INVALID_TOKEN = { status: 401, body: { message: "invalid_token", error: "not_found", status: 401, cause: [] } };

describe("Bearer token", () => {
  test.each([
    ["no Authorization header", {}],
    ["another token", { authorization: "Bearer TEST-someone-else" }],
    ["the token without Bearer", { authorization: ACCESS_TOKEN }],
    ["the token with a suffix", { authorization: `Bearer ${ACCESS_TOKEN}x` }],
  ])("%s: 401 on every Mercado Pago route, nothing created", async (_case, headers) => {
    sandbox = await startTestSandbox();
    const call = (method: "GET" | "POST", path: string, body?: unknown) =>
      fetch(`${sandbox.url}${path}`, {
        method,
        headers: { "content-type": "application/json", "x-idempotency-key": "k", ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await call("POST", "/v1/payments", pixCharge())).toEqual(INVALID_TOKEN);
    expect(await call("POST", "/v1/transaction-intents/process", pixPayout())).toEqual(INVALID_TOKEN);
    const { body: payment } = await sandbox.api("POST", "/v1/payments", pixCharge());
    expect(await call("GET", `/v1/payments/${payment.id}`)).toEqual(INVALID_TOKEN);
    expect((await sandbox.control("GET", "/sandbox/state")).body.payments).toHaveLength(1);
  });
});

describe("X-Idempotency-Key", () => {
  const MISSING = {
    status: 400,
    body: {
      message: "Header X-Idempotency-Key can't be null",
      error: "bad_request",
      status: 400,
      cause: [{ code: 4292, description: "Header X-Idempotency-Key can't be null", data: null }],
    },
  };

  test.each(["/v1/payments", "/v1/transaction-intents/process"])(
    "is required on POST %s: 400 without it, nothing created",
    async (path) => {
      sandbox = await startTestSandbox();
      const body = path === "/v1/payments" ? pixCharge() : pixPayout();
      expect(await sandbox.api("POST", path, body, { "x-idempotency-key": "" })).toEqual(MISSING);
      const state = (await sandbox.control("GET", "/sandbox/state")).body;
      expect([state.payments, state.payouts, state.notifications]).toEqual([[], [], []]);
    },
  );

  test("a repeated key answers the first answer again: one payment, one notification, even with another body", async () => {
    sandbox = await startTestSandbox();
    const receiver = await startReceiver();
    try {
      const headers = { "x-idempotency-key": "same-key" };
      const first = await sandbox.api("POST", "/v1/payments", pixCharge({ notification_url: receiver.url }), headers);
      await sandbox.control("POST", `/sandbox/payments/${first.body.id}/pay`);
      const again = await sandbox.api(
        "POST",
        "/v1/payments",
        pixCharge({ transaction_amount: 99, notification_url: receiver.url }),
        headers,
      );
      expect(again).toEqual(first);
      const state = (await sandbox.control("GET", "/sandbox/state")).body;
      expect(state.payments).toHaveLength(1);
      expect(state.notifications.map((n: { action: string }) => n.action)).toEqual(["payment.updated", "payment.created"]);
      const other = await sandbox.api("POST", "/v1/payments", pixCharge(), { "x-idempotency-key": "another-key" });
      expect(other.body.id).not.toBe(first.body.id);
    } finally {
      await receiver.close();
    }
  });

  test("ten concurrent requests with one key create one payout", async () => {
    sandbox = await startTestSandbox();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sandbox.api("POST", "/v1/transaction-intents/process", pixPayout(), { "x-idempotency-key": "payout-key" }),
      ),
    );
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect((await sandbox.control("GET", "/sandbox/state")).body.payouts).toHaveLength(1);
  });

  test("keys are per route, and a refused request does not use its key up", async () => {
    sandbox = await startTestSandbox();
    const headers = { "x-idempotency-key": "shared" };
    expect((await sandbox.api("POST", "/v1/payments", pixCharge({ transaction_amount: 0 }), headers)).status).toBe(400);
    expect((await sandbox.api("POST", "/v1/payments", pixCharge(), headers)).status).toBe(201);
    expect((await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout(), headers)).status).toBe(202);
  });
});
