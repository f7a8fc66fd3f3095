import { expect, test } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { apiEvent, apiSupport, apiUser, unique } from "./helpers/backend";
import { openUserMenu, signInLocally } from "./helpers/ui";

// What a person notices on a phone.
test.use({ viewport: { width: 375, height: 812 } });

const shots = "e2e/screenshots";
const LONG_NAME = "Maria Aparecida dos Santos Oliveira e Albuquerque Cavalcanti"; // 60 characters

test("the avatar menu stays inside a 375px screen with a 60-character name", async ({ page }) => {
  mkdirSync(shots, { recursive: true });
  expect(LONG_NAME).toHaveLength(60);
  await page.goto("/");
  await signInLocally(page, LONG_NAME);
  await openUserMenu(page);
  const menu = page.getByRole("menu");
  await expect(menu.getByText(LONG_NAME)).toBeVisible();
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${shots}/phone-long-name-menu.png` });
});

test("a support of 0.8% of the goal reads '< 1% da meta' with a sliver on the bar", async ({ page }) => {
  mkdirSync(shots, { recursive: true });
  const creator = await apiUser("Criadora Meta Alta");
  const name = `Mutirão do Bairro ${unique()}`;
  // R$ 10,00 of R$ 1.250,00 is 0.8%.
  const eventId = await apiEvent(creator, { name, goalCents: 125_000, minSupportCents: 500 });
  await apiSupport(await apiUser("Apoiador Pequeno"), eventId, 1_000);

  await page.goto(`/event/${eventId}`);
  await expect(page.getByText("< 1% da meta")).toBeVisible();
  const bar = page.getByRole("progressbar");
  await expect(bar).toHaveAttribute("aria-valuetext", "R$ 10,00 de R$ 1.250,00 (< 1%)");
  const fill = await bar.locator(":scope > *").boundingBox();
  expect(fill?.width ?? 0).toBeGreaterThan(0);
  await page.screenshot({ path: `${shots}/phone-event-below-one-percent.png` });

  await page.goto(`/?nome=${encodeURIComponent(name)}`);
  const card = page.getByRole("link", { name });
  await expect(card.getByText("< 1% da meta")).toBeVisible();
  expect((await card.getByRole("progressbar").locator(":scope > *").boundingBox())?.width ?? 0).toBeGreaterThan(0);
});
