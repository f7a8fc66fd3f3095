import { expect, test } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { seriousViolations } from "./helpers/axe";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { openMyTickets, shoot } from "./helpers/tickets";
import { signInLocally } from "./helpers/ui";

/** 20 tickets: the default limit is 2 cortesias. */
const types = [
  { name: "Pista", quantity: 15, meiaQuantity: 8, lotes: [{ priceCents: 4_000 }] },
  { name: "Camarote", quantity: 5, meiaQuantity: 2, lotes: [{ priceCents: 9_000 }] },
];

test("Cortesias: the organizer gives one on its page and it reaches the receiver's open Meus Ingressos as `Cortesia`", async ({
  page,
  browser,
}) => {
  const organizer = await apiUser("Organizadora Cortesia");
  const eventName = `Show ${unique()}`;
  const eventId = await apiEvent(organizer, { name: eventName, isTicketed: true, ticketTypes: types });
  const receiverEmail = `${unique()}@e2e.test`;

  // The receiver, signed in elsewhere, with Meus Ingressos open and empty.
  const receiverContext = await browser.newContext();
  const receiverPage = await receiverContext.newPage();
  await receiverPage.goto(`/event/${eventId}`);
  await signInLocally(receiverPage, "Caio Convidado", receiverEmail);
  const receiverTickets = await openMyTickets(receiverPage);
  await expect(receiverTickets.getByText("Nenhum ingresso encontrado!")).toBeVisible();

  await page.goto(`/event/${eventId}`);
  await signInLocally(page, organizer.name, organizer.email);
  await page.getByRole("link", { name: "Cortesias" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cortesias" })).toBeVisible();
  await expect(page.getByText("0 de 2 cortesias emitidas (limite: 10% dos 20 ingressos).")).toBeVisible();

  // Three at once are over the limit: refused, nothing issued.
  await page.getByLabel("Tipo de ingresso").selectOption({ label: "Camarote" });
  await page.getByLabel("E-mails").fill(`${receiverEmail}\nana@e2e.test\nbeto@e2e.test`);
  await page.getByRole("button", { name: "Emitir cortesias" }).click();
  await expect(page.getByRole("alert")).toHaveText("Limite de cortesias: este evento pode emitir até 2 e já emitiu 0.");
  await page.getByLabel("E-mails").fill(receiverEmail);
  await page.getByRole("button", { name: "Emitir cortesias" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cortesia emitida." })).toBeVisible();
  await expect(page.getByText("1 de 2 cortesias emitidas (limite: 10% dos 20 ingressos).")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: receiverEmail })).toContainText("entregue a Caio Convidado");
  await shoot(page, "cortesias");
  expect(await seriousViolations(page)).toEqual([]);

  // Live in the receiver's open list: a valid ticket marked `Cortesia`, with its QR code.
  const received = receiverTickets.getByRole("listitem");
  await expect(received).toContainText("Camarote · Cortesia");
  await expect(received).toContainText("Válido");
  await expect(received.getByRole("button", { name: "Cancelar compra" })).toHaveCount(0);
  await expect(received.getByRole("button", { name: "Transferir ingresso" })).toBeVisible();
  await shoot(receiverPage, "meus-ingressos-cortesia");

  await receiverContext.close();
});

test("Cupons de desconto: the organizer creates one on its page and sees its uses go up live", async ({ page }) => {
  const organizer = await apiUser("Organizadora Cupom");
  const eventId = await apiEvent(organizer, { name: `Show ${unique()}`, isTicketed: true, ticketTypes: types });
  const [pistaId] = (await organizer.client.query(api.ticketTypes.forEvent, { eventId })).map((type) => type._id);

  await page.goto(`/event/${eventId}`);
  await signInLocally(page, organizer.name, organizer.email);
  await page.getByRole("link", { name: "Cupons de desconto" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cupons de desconto" })).toBeVisible();
  await expect(page.getByText("Nenhum cupom criado ainda.")).toBeVisible();

  await page.getByLabel("Código").fill("amigos");
  await page.getByLabel("Desconto (%)").fill("150");
  await page.getByRole("button", { name: "Criar cupom" }).click();
  await expect(page.getByRole("alert")).toHaveText("O desconto deve ser de 1% a 100%.");
  await page.getByLabel("Desconto (%)").fill("20");
  await page.getByRole("checkbox", { name: "Pista" }).check();
  await page.getByLabel("Máximo de usos (opcional)").fill("10");
  await page.getByRole("button", { name: "Criar cupom" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cupom AMIGOS criado." })).toBeVisible();
  const coupon = page.getByRole("listitem").filter({ hasText: "AMIGOS" });
  await expect(coupon).toContainText("AMIGOS · 20%");
  await expect(coupon).toContainText("Pista");
  await expect(coupon).toContainText("0 usos de 10");

  await page.getByLabel("Tipo de desconto").selectOption({ label: "Valor fixo" });
  await page.getByLabel("Código").fill("CINCO");
  await page.getByLabel("Desconto (R$)").fill("5,00");
  await page.getByRole("button", { name: "Criar cupom" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "CINCO" })).toContainText("Todos os tipos");
  await shoot(page, "cupons");
  expect(await seriousViolations(page)).toEqual([]);

  // A buyer uses it elsewhere: the open list counts the use.
  const buyer = await apiUser("Bia Compradora");
  await buyer.client.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId: pistaId!,
    loteIndex: 0,
    unitPriceCents: 3_200,
    units: 1,
    meia: false,
    couponCode: "amigos",
  });
  await expect(coupon).toContainText("1 uso de 10");
});
