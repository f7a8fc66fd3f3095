import { expect, test } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { apiEvent, apiSupport, apiUser, unique } from "./helpers/backend";
import { openUserMenu, signInLocally } from "./helpers/ui";

test("home, event, chat and the open modals have no serious or critical axe violations", async ({ page }) => {
  // Seven axe analyses of whole pages: each takes seconds on a busy machine (the run took 54 s
  // alone and passed the 60 s default under load). A ceiling for a hung page, not a measure.
  test.setTimeout(180_000);
  const creator = await apiUser("Criadora Acessível");
  const eventId = await apiEvent(creator, { name: `Concerto Acessível ${unique()}`, minSupportCents: 100 });

  await page.goto("/");
  await expect(page.getByRole("link").filter({ hasText: "Concerto Acessível" }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("banner").getByRole("button", { name: "Entrar (modo local)" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  const email = await signInLocally(page, "Lia Acessível");
  await openUserMenu(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("menuitem", { name: "Criar Evento" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Meus Eventos" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  await page.goto(`/event/${eventId}`);
  await expect(page.getByRole("button", { name: "APOIE" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The same person supports through the API so the chat opens for them.
  await apiSupport(await apiUser("Lia Acessível", email), eventId, 100);
  await page.goto(`/chat/${eventId}`);
  await expect(page.getByPlaceholder("Digite sua mensagem")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
