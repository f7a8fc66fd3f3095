import { expect, test, type Page } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, openUserMenu, signInLocally } from "./helpers/ui";

const pista = { name: "Pista", quantity: 10, meiaQuantity: 5, lotes: [{ priceCents: 1_000 }] };

async function buyOnPage(page: Page, units: number) {
  const form = page.getByRole("form", { name: "Comprar ingressos" });
  await form.getByLabel("Tipo de ingresso").selectOption({ label: "Pista" });
  await form.getByLabel("Quantidade").selectOption(String(units));
  await form.getByRole("button", { name: "Comprar" }).click();
  await expectAlert(page, { title: "Compra confirmada!" });
}

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
  await buyOnPage(page, 2);
  await expect(page.getByText("Saldo: R$ 30,00")).toBeVisible();
  await expect(watched).toContainText("Restam 8");

  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Meus Ingressos" }).click();
  const modal = page.getByRole("dialog", { name: "Meus Ingressos" });
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

/** Meus Ingressos at 1280 and 375 px wide, for looking at (test-results/, out of git). */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), animations: "disabled" });
  }
  if (size !== null) await page.setViewportSize(size);
}
