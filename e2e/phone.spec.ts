import { expect, test } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { apiEvent, apiUser, unique } from "./helpers/backend";

test.use({ viewport: { width: 375, height: 812 } });

const shots = "e2e/screenshots";
// The home lists upcoming events soonest first: an hour out puts these on its first page,
// ahead of the week-out events other specs create.
const soon = () => ({ startsAt: Date.now() + 60 * 60 * 1000 });

test("home and event page fit a 375px phone without horizontal scroll", async ({ page }) => {
  mkdirSync(shots, { recursive: true });
  const creator = await apiUser("Criadora Celular");
  const eventId = await apiEvent(creator, { ...soon(), name: `Luau na Praia ${unique()}`, isTicketed: true });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  await page.goto("/");
  await expect(page.getByRole("link").filter({ hasText: "Luau na Praia" }).first()).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${shots}/phone-home.png`, fullPage: true });

  await page.goto(`/event/${eventId}`);
  await expect(page.getByRole("button", { name: "APOIE" })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${shots}/phone-event.png`, fullPage: true });
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test("home and event page screenshots at 1280px", async ({ page }) => {
    mkdirSync(shots, { recursive: true });
    const creator = await apiUser("Criadora Desktop");
    const eventId = await apiEvent(creator, { ...soon(), name: `Sarau de Poesia ${unique()}` });
    await page.goto("/");
    await expect(page.getByRole("link").filter({ hasText: "Sarau de Poesia" }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${shots}/desktop-home.png` });
    await page.goto(`/event/${eventId}`);
    await expect(page.getByRole("button", { name: "APOIE" })).toBeVisible();
    await page.screenshot({ path: `${shots}/desktop-event.png` });
  });
});
