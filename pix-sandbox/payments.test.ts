import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils";
import { afterEach, describe, expect, test } from "vitest";
import { pixCharge, startTestSandbox, type TestSandbox } from "./test-support.ts";

let sandbox: TestSandbox;
afterEach(async () => {
  await sandbox.close();
});

describe("POST /v1/payments and GET /v1/payments/{id}", () => {
  test("a PIX charge is pending, with a BR Code of its amount, a PNG and a ticket URL; GET reads the same", async () => {
    sandbox = await startTestSandbox();
    const created = await sandbox.api("POST", "/v1/payments", pixCharge({ transaction_amount: 20 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      payment_method_id: "pix",
      payment_type_id: "bank_transfer",
      status: "pending",
      status_detail: "pending_waiting_transfer",
      currency_id: "BRL",
      transaction_amount: 20,
      external_reference: "deposit-1",
      date_approved: null,
    });
    expect(typeof created.body.id).toBe("number");
    const data = created.body.point_of_interaction.transaction_data;
    expect(getPixPayloadInfo(data.qr_code)).toMatchObject({ amount: 20, txid: `mpqrinter${created.body.id}` });
    expect(Buffer.from(data.qr_code_base64, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(data.ticket_url).toBe(`${sandbox.url}/#pagamento-${created.body.id}`);
    const read = await sandbox.api("GET", `/v1/payments/${created.body.id}`);
    expect(read).toEqual({ status: 200, body: created.body });
  });

  test("default expiry is 24 h; a given date_of_expiration is kept", async () => {
    let now = Date.parse("2026-11-26T08:00:00Z");
    sandbox = await startTestSandbox({ now: () => now });
    const plain = await sandbox.api("POST", "/v1/payments", pixCharge());
    expect(plain.body.date_of_expiration).toBe("2026-11-27T05:00:00.000-03:00");
    const timed = await sandbox.api("POST", "/v1/payments", pixCharge({ date_of_expiration: "2026-11-26T05:30:00.000-03:00" }));
    expect(timed.body.date_of_expiration).toBe("2026-11-26T05:30:00.000-03:00");
    now += 29 * 60_000;
    expect((await sandbox.api("GET", `/v1/payments/${timed.body.id}`)).body.status).toBe("pending");
    now += 60_000;
    const expired = await sandbox.api("GET", `/v1/payments/${timed.body.id}`);
    expect(expired.body).toMatchObject({ status: "cancelled", status_detail: "expired" });
  });

  test.each([
    ["amount 0", { transaction_amount: 0 }, "Invalid transaction_amount", 4037],
    ["negative amount", { transaction_amount: -5 }, "Invalid transaction_amount", 4037],
    ["fraction of a cent", { transaction_amount: 10.005 }, "Invalid transaction_amount", 4037],
    ["amount as text", { transaction_amount: "20" }, "Invalid transaction_amount", 4037],
    ["another method", { payment_method_id: "bolbradesco" }, "Invalid payment_method_id", 4049],
    ["no payer e-mail", { payer: {} }, "payer.email must be a valid email", 4050],
    ["bad notification_url", { notification_url: "not a url" }, "notificaction_url attribute must be url valid", 4020],
    ["past expiry", { date_of_expiration: "2020-01-01T00:00:00.000-03:00" }, "Invalid date_of_expiration", 4051],
    [
      "expiry 29 minutes away",
      { date_of_expiration: new Date(Date.now() + 29 * 60_000).toISOString() },
      "Invalid date_of_expiration",
      4051,
    ],
  ])("%s: 400 with Mercado Pago's error body, nothing created", async (_case, overrides, message, code) => {
    sandbox = await startTestSandbox();
    const answer = await sandbox.api("POST", "/v1/payments", pixCharge(overrides));
    expect(answer).toEqual({
      status: 400,
      body: { message, error: "bad_request", status: 400, cause: [{ code, description: message, data: null }] },
    });
    expect((await sandbox.control("GET", "/sandbox/state")).body.payments).toEqual([]);
  });

  test("an unknown payment is 404 with Mercado Pago's body", async () => {
    sandbox = await startTestSandbox();
    expect(await sandbox.api("GET", "/v1/payments/999")).toEqual({
      status: 404,
      body: {
        message: "Payment not found",
        error: "not_found",
        status: 404,
        cause: [{ code: 2000, description: "Payment not found", data: null }],
      },
    });
  });
});

describe("the payer's bank: pay and expire", () => {
  test("Pagar approves the charge; a second Pagar or Expirar is refused", async () => {
    sandbox = await startTestSandbox();
    const { body: payment } = await sandbox.api("POST", "/v1/payments", pixCharge({ transaction_amount: 35.9 }));
    const paid = await sandbox.control("POST", `/sandbox/payments/${payment.id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "approved", status_detail: "accredited", transaction_amount: 35.9 });
    expect(paid.body.transaction_details).toMatchObject({ total_paid_amount: 35.9, net_received_amount: 35.9 });
    expect((await sandbox.api("GET", `/v1/payments/${payment.id}`)).body.status).toBe("approved");
    expect((await sandbox.control("POST", `/sandbox/payments/${payment.id}/pay`)).status).toBe(409);
    expect((await sandbox.control("POST", `/sandbox/payments/${payment.id}/expire`)).status).toBe(409);
  });

  test("a payment of another amount or currency is reported as such", async () => {
    sandbox = await startTestSandbox();
    const { body: payment } = await sandbox.api("POST", "/v1/payments", pixCharge({ transaction_amount: 20 }));
    const paid = await sandbox.control("POST", `/sandbox/payments/${payment.id}/pay?amount=15.5&currency=USD`);
    expect(paid.body).toMatchObject({ status: "approved", transaction_amount: 15.5, currency_id: "USD" });
    expect(paid.body.transaction_details.total_paid_amount).toBe(15.5);
    const { body: other } = await sandbox.api("POST", "/v1/payments", pixCharge());
    expect((await sandbox.control("POST", `/sandbox/payments/${other.id}/pay?amount=abc`)).status).toBe(400);
    expect((await sandbox.control("POST", `/sandbox/payments/${other.id}/pay?amount=1.001`)).status).toBe(400);
    expect((await sandbox.api("GET", `/v1/payments/${other.id}`)).body.status).toBe("pending");
  });

  test("Expirar cancels it as expired; unknown ids are 404", async () => {
    sandbox = await startTestSandbox();
    const { body: payment } = await sandbox.api("POST", "/v1/payments", pixCharge());
    expect((await sandbox.control("POST", `/sandbox/payments/${payment.id}/expire`)).body).toMatchObject({
      status: "cancelled",
      status_detail: "expired",
    });
    expect((await sandbox.control("POST", "/sandbox/payments/42/pay")).status).toBe(404);
  });
});
