import { createHmac } from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import { pixCharge, pixPayout, startReceiver, startTestSandbox, WEBHOOK_SECRET, type Received, type TestSandbox } from "./test-support.ts";

let sandbox: TestSandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
afterEach(async () => {
  await sandbox.close();
  await receiver.close();
});

/** What the app's verifier does: the HMAC of Mercado Pago's signed text, with the secret, from the headers and the query. */
function verify(request: Received, secret: string): boolean {
  const parts = Object.fromEntries(
    String(request.headers["x-signature"])
      .split(",")
      .map((part) => part.split("=") as [string, string]),
  );
  const dataId = request.url.searchParams.get("data.id")!.toLowerCase();
  const text = `id:${dataId};request-id:${String(request.headers["x-request-id"])};ts:${parts.ts};`;
  return createHmac("sha256", secret).update(text).digest("hex") === parts.v1;
}

async function chargeAndPay(overrides: Record<string, unknown> = {}) {
  const { body: payment } = await sandbox.api("POST", "/v1/payments", pixCharge({ notification_url: receiver.url, ...overrides }));
  await sandbox.control("POST", `/sandbox/payments/${payment.id}/pay`);
  return payment as { id: number };
}

describe("payment webhooks", () => {
  test("are Mercado Pago's: body, query, x-request-id, and an x-signature the secret verifies (and another secret does not)", async () => {
    const now = Date.parse("2026-11-26T08:00:00Z");
    receiver = await startReceiver();
    sandbox = await startTestSandbox({ now: () => now });
    const payment = await chargeAndPay();
    await receiver.waitFor(2);
    const [created, updated] = [...receiver.received].sort((a, b) => a.body.id - b.body.id);
    expect(updated!.body).toEqual({
      id: expect.any(Number),
      live_mode: false,
      type: "payment",
      date_created: "2026-11-26T05:00:00.000-03:00",
      user_id: expect.any(Number),
      api_version: "v1",
      action: "payment.updated",
      data: { id: String(payment.id) },
    });
    expect(created!.body.action).toBe("payment.created");
    for (const request of receiver.received) {
      expect(request.url.pathname).toBe("/webhooks/mercadopago");
      expect(Object.fromEntries(request.url.searchParams)).toEqual({ "data.id": String(payment.id), type: "payment" });
      expect(request.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(request.headers["x-signature"]).toMatch(new RegExp(`^ts=${now / 1000},v1=[0-9a-f]{64}$`));
      expect(verify(request, WEBHOOK_SECRET)).toBe(true);
      expect(verify(request, "another-secret")).toBe(false);
    }
  });

  test("a non-2xx answer is retried on the schedule until a 2xx; the notification keeps its id", async () => {
    receiver = await startReceiver((_request, index) => (index < 2 ? 500 : 200));
    sandbox = await startTestSandbox({ webhooks: { retryDelaysMs: [50, 50, 50] } });
    const { body: payment } = await sandbox.api("POST", "/v1/payments", pixCharge({ notification_url: receiver.url }));
    await receiver.waitFor(3);
    expect(receiver.received.map((r) => r.answeredWith)).toEqual([500, 500, 200]);
    expect(new Set(receiver.received.map((r) => r.body.id)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.headers["x-request-id"])).size).toBe(3);
    const [notification] = (await sandbox.control("GET", "/sandbox/state")).body.notifications;
    expect(notification).toMatchObject({ resourceId: String(payment.id), delivered: true, nextAttemptAt: null });
    expect(notification.attempts.map((a: { status: number }) => a.status)).toEqual([500, 500, 200]);
  });

  test("an unreachable URL is retried through the whole schedule, then left failed", async () => {
    receiver = await startReceiver();
    const unreachable = receiver.url;
    await receiver.close();
    receiver = await startReceiver();
    sandbox = await startTestSandbox({ webhooks: { retryDelaysMs: [20, 20] } });
    await sandbox.api("POST", "/v1/payments", pixCharge({ notification_url: unreachable }));
    const summary = async () => {
      const [notification] = (await sandbox.control("GET", "/sandbox/state")).body.notifications;
      return {
        attempts: notification.attempts.length,
        refused: notification.attempts.filter((a: { error?: string }) => a.error !== undefined).length,
        delivered: notification.delivered,
        nextAttemptAt: notification.nextAttemptAt,
      };
    };
    await expect.poll(summary, { timeout: 10_000 }).toEqual({ attempts: 3, refused: 3, delivered: false, nextAttemptAt: null });
  });

  test("duplicates: every notification arrives twice, each request signed on its own", async () => {
    receiver = await startReceiver();
    sandbox = await startTestSandbox({ webhooks: { duplicates: true } });
    await chargeAndPay();
    await receiver.waitFor(4);
    const copies = new Map<number, number>();
    for (const request of receiver.received) copies.set(request.body.id, (copies.get(request.body.id) ?? 0) + 1);
    expect([...copies.values()]).toEqual([2, 2]);
    expect(new Set(receiver.received.map((r) => r.headers["x-request-id"])).size).toBe(4);
    expect(receiver.received.every((r) => verify(r, WEBHOOK_SECRET))).toBe(true);
  });

  test("out of order: notifications held together arrive newest first", async () => {
    receiver = await startReceiver();
    // A window far longer than a charge and its payment take, even on a loaded machine.
    sandbox = await startTestSandbox({ webhooks: { outOfOrderMs: 2000 } });
    await chargeAndPay();
    await receiver.waitFor(2);
    expect(receiver.received.map((r) => r.body.action)).toEqual(["payment.updated", "payment.created"]);
  });

  test("redeliver sends every notification again, N times, in either order; with webhooks off nothing goes until then", async () => {
    receiver = await startReceiver();
    sandbox = await startTestSandbox({ webhooks: { webhooks: false } });
    const payment = await chargeAndPay();
    expect(receiver.received).toHaveLength(0);
    expect((await sandbox.control("POST", "/sandbox/webhooks/redeliver?order=reverse")).body).toEqual({ sent: 2 });
    expect(receiver.received.map((r) => r.body.action)).toEqual(["payment.updated", "payment.created"]);
    expect((await sandbox.control("POST", `/sandbox/webhooks/redeliver?id=${payment.id}&times=5`)).body).toEqual({ sent: 10 });
    expect(receiver.received.slice(2).map((r) => r.body.action)).toEqual([
      ...Array(5).fill("payment.created"),
      ...Array(5).fill("payment.updated"),
    ]);
    expect((await sandbox.control("POST", "/sandbox/webhooks/redeliver?times=21")).status).toBe(400);
  });

  test("behaviours switch at run time through /sandbox/config", async () => {
    receiver = await startReceiver();
    sandbox = await startTestSandbox();
    expect((await sandbox.control("POST", "/sandbox/config", { duplicates: true })).body).toMatchObject({
      duplicates: true,
      webhooks: true,
    });
    await sandbox.api("POST", "/v1/payments", pixCharge({ notification_url: receiver.url }));
    await receiver.waitFor(2);
    expect((await sandbox.control("POST", "/sandbox/config", { duplicates: "yes" })).status).toBe(400);
  });
});

describe("payout webhooks", () => {
  test("are Mercado Pago's transaction_intent notifications, signed over the lower-cased id", async () => {
    receiver = await startReceiver();
    sandbox = await startTestSandbox();
    const { body: payout } = await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout({ notificationUrl: receiver.url }));
    expect(payout.id).toMatch(/^\d+-[0-9A-Z]{26}$/);
    await sandbox.control("POST", `/sandbox/payouts/${payout.id}/complete`);
    await receiver.waitFor(2);
    const [created, updated] = [...receiver.received].sort((a, b) => Number(a.body.id) - Number(b.body.id));
    expect(created!.body).toMatchObject({
      type: "transaction_intent",
      action: "transaction_intent.created",
      status: "in_process",
      last_updated: "0001-01-01T00:00:00Z",
    });
    expect(updated!.body).toMatchObject({
      type: "transaction_intent",
      action: "transaction_intent.updated",
      status: "approved",
      api_version: "v1",
      data: { id: payout.id },
    });
    for (const request of receiver.received) {
      expect(Object.fromEntries(request.url.searchParams)).toEqual({ "data.id": payout.id, type: "transaction_intent" });
      expect(verify(request, WEBHOOK_SECRET)).toBe(true);
    }
  });
});
