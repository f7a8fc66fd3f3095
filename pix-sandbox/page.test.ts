import { request } from "node:http";
import { afterEach, describe, expect, test } from "vitest";
import { pixCharge, pixPayout, startTestSandbox, type TestSandbox } from "./test-support.ts";

let sandbox: TestSandbox;
afterEach(async () => {
  await sandbox.close();
});

async function page(): Promise<string> {
  const response = await fetch(`${sandbox.url}/`);
  expect(response.headers.get("content-type")).toContain("text/html");
  return response.text();
}

describe("the page, Banco simulado", () => {
  test("lists charges and payouts with the buttons their state allows", async () => {
    sandbox = await startTestSandbox();
    expect(await page()).toContain("<title>Banco simulado</title>");
    const { body: pending } = await sandbox.api("POST", "/v1/payments", pixCharge({ transaction_amount: 20 }));
    const { body: paid } = await sandbox.api("POST", "/v1/payments", pixCharge({ transaction_amount: 7.5 }));
    await sandbox.control("POST", `/sandbox/payments/${paid.id}/pay`);
    const { body: payout } = await sandbox.api("POST", "/v1/transaction-intents/process", pixPayout({ amount: 1234.56 }));
    const html = await page();
    expect(html).toContain(`action="/sandbox/payments/${pending.id}/pay"`);
    expect(html).toContain(`action="/sandbox/payments/${pending.id}/expire"`);
    expect(html).not.toContain(`action="/sandbox/payments/${paid.id}/pay"`);
    expect(html).toContain(`action="/sandbox/payouts/${payout.id}/complete"`);
    expect(html).toContain(`action="/sandbox/payouts/${payout.id}/fail"`);
    for (const text of [
      ">Pagar<",
      ">Expirar<",
      ">Concluir<",
      ">Falhar<",
      "Aguardando pagamento",
      "Em processamento",
      "R$\u00a020,00",
      "R$\u00a01.234,56",
    ]) {
      expect(html).toContain(text);
    }
  });

  test("says how a closed charge ended: expired, cancelled by the seller, or disputed after it was paid", async () => {
    sandbox = await startTestSandbox();
    const ids: number[] = [];
    for (const amount of [10, 20, 30])
      ids.push((await sandbox.api("POST", "/v1/payments", pixCharge({ transaction_amount: amount }))).body.id);
    await sandbox.control("POST", `/sandbox/payments/${ids[0]}/expire`);
    expect((await sandbox.control("POST", `/sandbox/payments/${ids[1]}/cancel`)).body).toMatchObject({
      status: "cancelled",
      status_detail: "by_collector",
    });
    expect((await sandbox.control("POST", `/sandbox/payments/${ids[2]}/mediate`)).status).toBe(409); // not paid yet
    await sandbox.control("POST", `/sandbox/payments/${ids[2]}/pay`);
    expect((await sandbox.control("POST", `/sandbox/payments/${ids[2]}/mediate`)).body).toMatchObject({ status: "in_mediation" });
    const html = await page();
    for (const text of ["Expirado", "Expirou em", ">Cancelado<", "Cancelado em", "Em disputa", "Atualizado em"])
      expect(html).toContain(text);
  });

  test("a form's POST comes back to the page at the item; the action is done", async () => {
    sandbox = await startTestSandbox();
    const { body: payment } = await sandbox.api("POST", "/v1/payments", pixCharge());
    const response = await fetch(`${sandbox.url}/sandbox/payments/${payment.id}/pay`, {
      method: "POST",
      headers: { accept: "text/html", origin: sandbox.url },
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/#pagamento-${payment.id}`);
    expect((await sandbox.api("GET", `/v1/payments/${payment.id}`)).body.status).toBe("approved");
  });

  test("a button refused (the charge is no longer pending) comes back to the page, which says why", async () => {
    sandbox = await startTestSandbox();
    const { body: payment } = await sandbox.api("POST", "/v1/payments", pixCharge());
    await sandbox.control("POST", `/sandbox/payments/${payment.id}/expire`);
    const response = await fetch(`${sandbox.url}/sandbox/payments/${payment.id}/pay`, {
      method: "POST",
      headers: { accept: "text/html" },
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    const html = await (await fetch(`${sandbox.url}${location}`)).text();
    expect(html).toContain(
      `<p class="refusal" role="alert">Não foi possível: o pagamento nº ${payment.id} não está mais aguardando pagamento (status cancelled)</p>`,
    );
    expect((await sandbox.api("GET", `/v1/payments/${payment.id}`)).body.status).toBe("cancelled");
  });

  test("what callers wrote is shown as text, never as markup", async () => {
    sandbox = await startTestSandbox();
    await sandbox.api("POST", "/v1/payments", pixCharge({ external_reference: '<img src=x onerror="alert(1)">' }));
    const html = await page();
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
  });

  test("another site cannot drive it: a cross-origin POST and an unknown Host are refused", async () => {
    sandbox = await startTestSandbox();
    const { body: payment } = await sandbox.api("POST", "/v1/payments", pixCharge());
    const crossSite = await fetch(`${sandbox.url}/sandbox/payments/${payment.id}/pay`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    // fetch() sets Host itself; a page reached through DNS rebinding carries its own name there.
    const rebound = await new Promise<number | undefined>((resolve, reject) => {
      const call = request(`${sandbox.url}/sandbox/state`, { headers: { host: "evil.example" } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      call.on("error", reject);
      call.end();
    });
    expect(rebound).toBe(403);
    expect((await sandbox.api("GET", `/v1/payments/${payment.id}`)).body.status).toBe("pending");
  });
});
