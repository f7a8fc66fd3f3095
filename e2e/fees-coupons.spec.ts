import { expect, test } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { shoot } from "./helpers/tickets";
import { openUserMenu, signInLocally } from "./helpers/ui";

/** Sets (or, with null, removes) the deployment's ticket fee, as `npx convex env set` does. */
async function setTicketFeePercent(value: string | null) {
  const response = await fetch(`${process.env.E2E_CONVEX_URL}/api/update_environment_variables`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Convex ${process.env.E2E_ADMIN_KEY}` },
    body: JSON.stringify({ changes: [{ name: "SERVICE_FEE_TICKET_PERCENT", value }] }),
  });
  expect(response.ok).toBe(true);
}

// The fee is the deployment's: set for this test only, and taken away after it. The config runs
// this file after every other one (its "deployment-wide" project), so no other test sees the fee.
test.afterEach(async () => setTicketFeePercent(null));

test("a buyer sees the fee and the coupon's price before paying, and the Extrato shows the same cents", async ({ page }) => {
  await setTicketFeePercent("10");
  const organizer = await apiUser("Organizadora");
  const eventId = await apiEvent(organizer, {
    name: `Show com cupom ${unique()}`,
    isTicketed: true,
    ticketTypes: [{ name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 2_000 }] }],
  });
  await organizer.client.mutation(api.fees.setMode, { eventId, mode: "passedOn" });
  await organizer.client.mutation(api.coupons.create, {
    eventId,
    code: "AMIGO25",
    discount: { kind: "percent", percent: 25 },
    maxUses: 10,
  });

  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Bia Compradora");
  const form = page.getByRole("form", { name: "Comprar ingressos" });
  await expect(form.getByText("Ingresso R$ 20,00 + taxa R$ 2,00 = R$ 22,00")).toBeVisible();
  await form.getByLabel("Cupom").fill("amigo25");
  await form.getByRole("button", { name: "Aplicar" }).click();
  await expect(form.getByText("Cupom AMIGO25 aplicado: R$ 15,00 por ingresso.")).toBeVisible();
  await form.getByLabel("Quantidade").selectOption("2");
  await expect(form.getByText("Ingresso R$ 30,00 + taxa R$ 3,00 = R$ 33,00")).toBeVisible();
  await shoot(page, "compra-taxa-cupom", form);
  await form.getByRole("button", { name: "Comprar" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Compra confirmada!");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  // R$ 50,00 of welcome bonus − R$ 33,00
  await expect(page.getByText("Saldo: R$ 17,00")).toBeVisible();

  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Extrato" }).click();
  const statement = page.getByRole("dialog", { name: "Extrato" });
  await expect(statement).toContainText("Ingresso R$ 30,00 + taxa R$ 3,00 = R$ 33,00");
  await expect(statement).toContainText("−R$ 33,00");
});

test("the organizer's payout line on the event page and their Extrato's show the same cents", async ({ page }) => {
  await setTicketFeePercent("10");
  const organizer = await apiUser("Organizadora Repasse");
  const buyer = await apiUser("Bia Compradora");
  // The event starts 20 s from now: the two purchases below are API calls, well within it.
  const eventId = await apiEvent(organizer, {
    name: `Show do repasse ${unique()}`,
    isTicketed: true,
    goalCents: 1_000,
    startsAt: Date.now() + 20_000,
    ticketTypes: [{ name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 2_000 }] }],
  });
  const [typeId] = (await organizer.client.query(api.ticketTypes.forEvent, { eventId })).map((type) => type._id);
  await organizer.client.mutation(api.coupons.create, { eventId, code: "AMIGO25", discount: { kind: "percent", percent: 25 } });
  // `Absorver a taxa` (the default): R$ 20,00 and R$ 15,00 with the coupon; the fees (R$ 2,00 and R$ 1,50) come out of the payout.
  const purchase = { eventId, typeId: typeId!, loteIndex: 0, units: 1, meia: false };
  await buyer.client.mutation(api.ticketPurchases.buy, { ...purchase, unitPriceCents: 2_000 });
  await buyer.client.mutation(api.ticketPurchases.buy, { ...purchase, unitPriceCents: 1_500, couponCode: "AMIGO25" });

  await page.goto(`/event/${eventId}`);
  await signInLocally(page, organizer.name, organizer.email);
  await expect(page.getByRole("heading", { name: "Repassado ao organizador" })).toBeVisible({ timeout: 60_000 });
  const line = "Repasse: R$ 35,00 − taxa R$ 3,50 = R$ 31,50";
  await expect(page.getByText(line)).toBeVisible();

  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Extrato" }).click();
  const payout = page.getByRole("dialog", { name: "Extrato" }).getByRole("listitem").filter({ hasText: line });
  await expect(payout).toContainText("+R$ 31,50");
  await expect(payout).toContainText("Saldo: R$ 81,50");
});
