import { expect, test } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { signInLocally } from "./helpers/ui";
import { buyOnPage, openMyTickets, shoot } from "./helpers/tickets";

const pista = { name: "Pista", quantity: 10, meiaQuantity: 5, lotes: [{ priceCents: 1_000 }] };

test("Cancelar compra: the wallet is whole again, the tickets read Cancelado, and another browser sees Restam go back up", async ({
  page,
  browser,
}) => {
  const organizer = await apiUser("Organizadora");
  const eventName = `Show ${unique()}`;
  const eventId = await apiEvent(organizer, { name: eventName, isTicketed: true, ticketTypes: [pista] });
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(`/event/${eventId}`);
  const watched = watcher.getByRole("region", { name: "Ingressos" }).getByRole("listitem", { name: "Pista" });
  await expect(watched).toContainText("Restam 10");

  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Bia Arrependida");
  await buyOnPage(page, { type: "Pista", units: 2 });
  await expect(page.getByText("Saldo: R$ 30,00")).toBeVisible();
  await expect(watched).toContainText("Restam 8");

  const modal = await openMyTickets(page);
  await expect(modal.getByRole("listitem")).toHaveCount(2);
  await shoot(page, "meus-ingressos-cancelar");
  await modal.getByRole("button", { name: "Cancelar compra" }).first().click();
  const confirm = page.getByRole("alertdialog", { name: "Cancelar compra" });
  await expect(confirm).toContainText(
    `Em ${eventName}, os 2 ingressos desta compra serão cancelados e R$ 20,00 voltam para a sua carteira agora.`,
  );
  await shoot(page, "meus-ingressos-confirmar-cancelamento");
  await confirm.getByRole("button", { name: "Cancelar compra" }).click();

  await expect(modal.getByText("Cancelado")).toHaveCount(2);
  await expect(modal.getByRole("button", { name: "Cancelar compra" })).toHaveCount(0);
  await shoot(page, "meus-ingressos-cancelado");
  await expect(page.getByText("Saldo: R$ 50,00")).toBeVisible();
  await expect(watched).toContainText("Restam 10");
  await watcherContext.close();
});
