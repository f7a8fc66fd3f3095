import { test, type Locator, type Page } from "@playwright/test";
import { expectAlert, openUserMenu } from "./ui";

/** Buys on the event page's `Comprar ingressos` form (a meia when given its category) and closes `Compra confirmada!`. */
export async function buyOnPage(page: Page, { type, units = 1, meiaCategory }: { type: string; units?: number; meiaCategory?: string }) {
  const form = page.getByRole("form", { name: "Comprar ingressos" });
  await form.getByLabel("Tipo de ingresso").selectOption({ label: type });
  if (meiaCategory !== undefined) {
    await form.getByLabel("Meia-entrada").check();
    await form.getByLabel("Categoria da meia-entrada").selectOption({ label: meiaCategory });
  }
  await form.getByLabel("Quantidade").selectOption(String(units));
  await form.getByRole("button", { name: "Comprar" }).click();
  await expectAlert(page, { title: "Compra confirmada!" });
}

/** Opens `Meus Ingressos` from the avatar menu: its dialog. */
export async function openMyTickets(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Meus Ingressos" }).click();
  return page.getByRole("dialog", { name: "Meus Ingressos" });
}

/** The page at 1280 and 375 px wide (with `focus` scrolled into view), for looking at: test-results/, out of git. */
export async function shoot(page: Page, name: string, focus?: Locator) {
  const size = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), animations: "disabled" });
  }
  if (size !== null) await page.setViewportSize(size);
}
