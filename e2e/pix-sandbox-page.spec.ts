/**
 * The PIX sandbox's own page, "Banco simulado", in a phone-sized browser: accessible, no
 * sideways scrolling, and its buttons act on the charge or payout they sit on. (The app's
 * deposit and payout journeys against it are e2e/pix.spec.ts.)
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { randomUUID, sign } from "node:crypto";
import { seriousViolations } from "./helpers/axe";
import { unique } from "./helpers/backend";

const sandboxUrl = () => process.env.E2E_PIX_SANDBOX_URL!;

/**
 * A call to the sandbox's Mercado Pago routes, with its token and a fresh idempotency key; the
 * body signed with the app's payout key, as the sandbox of this run wants for payouts.
 */
async function mercadoPago(request: APIRequestContext, path: string, data: unknown) {
  const body = JSON.stringify(data);
  const signature = sign(null, Buffer.from(body), process.env.E2E_PIX_PAYOUT_PRIVATE_KEY!).toString("base64");
  const response = await request.post(`${sandboxUrl()}${path}`, {
    headers: {
      authorization: `Bearer ${process.env.E2E_PIX_ACCESS_TOKEN}`,
      "x-idempotency-key": randomUUID(),
      "content-type": "application/json",
      "x-signature": signature,
    },
    data: body,
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number | string };
}

test.use({ viewport: { width: 375, height: 800 } });

test("Banco simulado: Pagar pays the charge it sits on, Falhar fails the payout; accessible at 375 px", async ({ page, request }) => {
  const reference = `e2e-${unique()}`.replace(/[^A-Za-z0-9_-]/g, "-");
  const charge = await mercadoPago(request, "/v1/payments", {
    transaction_amount: 42.5,
    payment_method_id: "pix",
    external_reference: reference,
    payer: { email: "pagina@e2e.test" },
  });
  const payout = await mercadoPago(request, "/v1/transaction-intents/process", {
    external_reference: reference,
    point_of_interaction: { type: "PSP_TRANSFER" },
    transaction: {
      from: { accounts: [{ amount: 10 }] },
      to: {
        accounts: [
          {
            type: "current",
            amount: 10,
            chave: { type: "EMAIL", value: "saque@e2e.test" },
            owner: { identification: { type: "CPF", number: "12345678909" } },
          },
        ],
      },
      total_amount: 10,
    },
  });

  await page.goto(sandboxUrl());
  await expect(page).toHaveTitle("Banco simulado");
  await expect(page.getByRole("heading", { level: 1, name: "Banco simulado" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  const chargeCard = page.locator(`#pagamento-${charge.id}`);
  await expect(chargeCard.getByRole("heading")).toHaveText(/^R\$\s42,50 Aguardando pagamento$/);
  await chargeCard.getByRole("button", { name: "Pagar" }).click();
  await expect(chargeCard.getByRole("heading")).toHaveText(/^R\$\s42,50 Pago$/);
  await expect(chargeCard.getByRole("button", { name: "Pagar" })).toHaveCount(0);

  const payoutCard = page.locator(`[id="saque-${payout.id}"]`);
  await expect(payoutCard.getByRole("heading")).toHaveText(/^R\$\s10,00 Em processamento$/);
  await payoutCard.getByRole("button", { name: "Falhar" }).click();
  await expect(payoutCard.getByRole("heading")).toHaveText(/^R\$\s10,00 Falhou \(by_bank\)$/);

  const read = await request.get(`${sandboxUrl()}/v1/payments/${charge.id}`, {
    headers: { authorization: `Bearer ${process.env.E2E_PIX_ACCESS_TOKEN}` },
  });
  expect(((await read.json()) as { status: string }).status).toBe("approved");
});
