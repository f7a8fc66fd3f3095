import { describe, expect, test } from "vitest";
import { AnswerLost, createPixHandler } from "./handler.ts";
import { ACCESS_TOKEN, pixCharge, WEBHOOK_SECRET } from "./test-support.ts";

const ORIGIN = "https://sandbox.test";

function handlerWithoutServer() {
  const pix = createPixHandler({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET, origin: ORIGIN, webhooks: { webhooks: false } });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    pix.handle(new Request(`${ORIGIN}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  const mercadoPago = (method: string, path: string, body?: unknown, key: string = crypto.randomUUID()) =>
    call(method, path, body, { authorization: `Bearer ${ACCESS_TOKEN}`, "x-idempotency-key": key });
  return { pix, call, mercadoPago };
}

describe("the handler without a server (a Request in, a Response out)", () => {
  test("answers Mercado Pago's routes and the control API as the server does", async () => {
    const { call, mercadoPago } = handlerWithoutServer();
    const created = await mercadoPago("POST", "/v1/payments", pixCharge());
    expect(created.status).toBe(201);
    const { id, point_of_interaction } = (await created.json()) as {
      id: number;
      point_of_interaction: { transaction_data: { ticket_url: string } };
    };
    expect(point_of_interaction.transaction_data.ticket_url).toBe(`${ORIGIN}/#pagamento-${id}`);
    expect((await call("POST", `/sandbox/payments/${id}/pay`)).status).toBe(200);
    expect(await (await mercadoPago("GET", `/v1/payments/${id}`)).json()).toMatchObject({ status: "approved" });
    expect(await (await call("POST", `/sandbox/payments/${id}/mediate`)).json()).toMatchObject({ status: "in_mediation" });
    expect((await call("GET", "/v1/payments/1")).status).toBe(401);
    expect((await call("GET", "/nowhere")).status).toBe(404);
  });

  test("a dropped answer rejects as a failed fetch, after the work was done", async () => {
    const { pix, call, mercadoPago } = handlerWithoutServer();
    expect((await call("POST", "/sandbox/faults?drop=1")).status).toBe(200);
    await expect(mercadoPago("POST", "/v1/payments", pixCharge(), "k-1")).rejects.toBeInstanceOf(AnswerLost);
    expect(pix.store.payments.size).toBe(1);
    expect((await mercadoPago("POST", "/v1/payments", pixCharge(), "k-1")).status).toBe(201);
    expect(pix.store.payments.size).toBe(1);
  });

  test("a cross-site form post is refused; the page's own forms come back to the page", async () => {
    const { call, mercadoPago } = handlerWithoutServer();
    const { id } = (await (await mercadoPago("POST", "/v1/payments", pixCharge())).json()) as { id: number };
    expect((await call("POST", `/sandbox/payments/${id}/pay`, undefined, { origin: "https://evil.example" })).status).toBe(403);
    const fromPage = await call("POST", `/sandbox/payments/${id}/cancel`, undefined, { origin: ORIGIN, accept: "text/html" });
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get("location")).toBe(`/#pagamento-${id}`);
    const refused = await call("POST", `/sandbox/payments/${id}/pay`, undefined, { origin: ORIGIN, accept: "text/html" });
    expect(refused.headers.get("location")).toMatch(/^\/\?erro=/);
  });
});
