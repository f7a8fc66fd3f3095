import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { pixCharge, pixPayout, startReceiver, startTestSandbox } from "./test-support.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "pix-sandbox-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("--data-file", () => {
  test("a restart loses nothing: payments, payouts, ids, idempotency keys, notifications", async () => {
    const dataFile = path.join(folder, "state.json");
    const first = await startTestSandbox({ dataFile, webhooks: { webhooks: false } });
    const { body: payment } = await first.api("POST", "/v1/payments", pixCharge({ notification_url: "http://127.0.0.1:9/hook" }), {
      "x-idempotency-key": "kept",
    });
    await first.control("POST", `/sandbox/payments/${payment.id}/pay`);
    const { body: payout } = await first.api("POST", "/v1/transaction-intents/process", pixPayout());
    await first.close();
    expect(JSON.parse(await readFile(dataFile, "utf8")).payments).toHaveLength(1);

    const second = await startTestSandbox({ dataFile, webhooks: { webhooks: false } });
    try {
      expect((await second.api("GET", `/v1/payments/${payment.id}`)).body.status).toBe("approved");
      expect((await second.api("GET", `/v1/transaction-intents/${payout.id}`)).body.status).toBe("in_process");
      expect((await second.api("POST", "/v1/payments", pixCharge(), { "x-idempotency-key": "kept" })).body).toEqual(payment);
      expect((await second.api("POST", "/v1/payments", pixCharge())).body.id).toBe(payment.id + 1);
      expect((await second.control("GET", "/sandbox/state")).body.notifications).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  test("a retry still due when it stopped goes out after the restart", async () => {
    const dataFile = path.join(folder, "state.json");
    const receiver = await startReceiver((_request, index) => (index === 0 ? 503 : 200));
    const first = await startTestSandbox({ dataFile, webhooks: { retryDelaysMs: [60_000] } });
    await first.api("POST", "/v1/payments", pixCharge({ notification_url: receiver.url }));
    await receiver.waitFor(1);
    await expect.poll(async () => (await first.control("GET", "/sandbox/state")).body.notifications[0].nextAttemptAt).not.toBeNull();
    await first.close();
    // Its clock says the minute has passed.
    const second = await startTestSandbox({ dataFile, now: () => Date.now() + 120_000 });
    try {
      await receiver.waitFor(2);
      expect(receiver.received.map((r) => r.answeredWith)).toEqual([503, 200]);
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});
