import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, openUserMenu, signInLocally } from "./helpers/ui";

const pista = { name: "Pista", quantity: 10, meiaQuantity: 5, lotes: [{ priceCents: 1_000 }] };

async function openMyTickets(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Meus Ingressos" }).click();
  return page.getByRole("dialog", { name: "Meus Ingressos" });
}

test("Transferir ingresso: the receiver's open Meus Ingressos shows the ticket live, and the door refuses the old code", async ({
  page,
  browser,
}) => {
  const organizer = await apiUser("Organizadora");
  const eventName = `Show ${unique()}`;
  const eventId = await apiEvent(organizer, { name: eventName, isTicketed: true, ticketTypes: [pista] });
  const receiverEmail = `${unique()}@e2e.test`;

  // The receiver, signed in elsewhere, with Meus Ingressos open and empty.
  const receiverContext = await browser.newContext();
  const receiverPage = await receiverContext.newPage();
  await receiverPage.goto(`/event/${eventId}`);
  await signInLocally(receiverPage, "Caio Recebedor", receiverEmail);
  const receiverTickets = await openMyTickets(receiverPage);
  await expect(receiverTickets.getByText("Nenhum ingresso encontrado!")).toBeVisible();

  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Bia Doadora");
  const form = page.getByRole("form", { name: "Comprar ingressos" });
  await form.getByLabel("Tipo de ingresso").selectOption({ label: "Pista" });
  await form.getByRole("button", { name: "Comprar" }).click();
  await expectAlert(page, { title: "Compra confirmada!" });

  const myTickets = await openMyTickets(page);
  const ticket = myTickets.getByRole("listitem");
  await expect(ticket.getByRole("button", { name: "Cancelar compra" })).toBeVisible();
  const oldCode = (await ticket.locator(".ticket__code").textContent())!;
  await shoot(page, "meus-ingressos-duas-acoes");

  await ticket.getByRole("button", { name: "Transferir ingresso" }).click();
  const dialog = page.getByRole("dialog", { name: "Transferir ingresso" });
  await expect(dialog).toContainText("Ela recebe um código novo e este deixa de valer na entrada.");
  await dialog.getByLabel("E-mail de quem vai receber").fill(receiverEmail);
  await shoot(page, "transferir-ingresso-dialogo");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel("E-mail de quem vai receber").fill("não é e-mail");
  await dialog.getByRole("button", { name: "Transferir" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Informe um e-mail válido para quem vai receber o ingresso.");
  await dialog.getByLabel("E-mail de quem vai receber").fill(receiverEmail);
  await dialog.getByRole("button", { name: "Transferir" }).click();
  await expect(dialog).toBeHidden();

  await expect(ticket).toContainText(`Transferido para ${receiverEmail}`);
  await expect(ticket.getByRole("button")).toHaveCount(0);
  await shoot(page, "meus-ingressos-transferido");

  // Live in the receiver's open list, with a code of its own.
  const received = receiverTickets.getByRole("listitem");
  await expect(received).toContainText("Recebido por transferência.");
  await expect(received).toContainText("Válido");
  const newCode = (await received.locator(".ticket__code").textContent())!;
  expect(newCode).toMatch(/^[A-Z0-9]{9}$/);
  expect(newCode).not.toBe(oldCode);
  await shoot(receiverPage, "meus-ingressos-recebido");

  // At the door.
  const doorContext = await browser.newContext();
  const door = await doorContext.newPage();
  await door.goto(`/event/${eventId}/checkin`);
  await signInLocally(door, organizer.name, organizer.email);
  await door.getByLabel("Código do ingresso").fill(oldCode);
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("alert")).toHaveText("Ingresso transferido.");
  await door.getByLabel("Código do ingresso").fill(newCode);
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("status").filter({ hasText: "Entrada liberada: Caio Recebedor" })).toBeVisible();
  await expect(received).toContainText(/Utilizado às \d{2}:\d{2}/);

  // And the bell told the receiver.
  await receiverPage.keyboard.press("Escape");
  await receiverPage.getByRole("button", { name: "Notificações, 1 não lida" }).click();
  await expect(receiverPage.getByText(`Você recebeu um ingresso de ${eventName}. Ele está em Meus Ingressos.`)).toBeVisible();

  await Promise.all([receiverContext.close(), doorContext.close()]);
});

/** The page at 1280 and 375 px wide, for looking at (test-results/, out of git). */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), animations: "disabled" });
  }
  if (size !== null) await page.setViewportSize(size);
}
