import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { api } from "../convex/_generated/api";
import { apiEvent, apiSupport, apiUser, unique } from "./helpers/backend";
import { openUserMenu, signInLocally } from "./helpers/ui";

const shots = "e2e/screenshots";

const bellOf = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notificações/ });

test("the creator cancels: the supporter's bell counts it live, the list says what came back, Extrato agrees", async ({ browser }) => {
  const creatorEmail = `${unique()}@e2e.test`;
  const creator = await apiUser("Criadora Avisa", creatorEmail);
  const name = `Show Avisado ${unique()}`;
  const eventId = await apiEvent(creator, { name, goalCents: 20_000, minSupportCents: 100 });

  const [creatorContext, supporterContext] = [await browser.newContext(), await browser.newContext()];
  const a = await creatorContext.newPage();
  const b = await supporterContext.newPage();
  await a.goto(`/event/${eventId}`);
  await signInLocally(a, "Criadora Avisa", creatorEmail);
  await b.goto(`/event/${eventId}`);
  await signInLocally(b, "Bia Avisada");
  await b.getByLabel("Valor do apoio").fill("20");
  await b.getByRole("button", { name: "APOIE" }).click();
  await b.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

  // The creator hears of the first support, live.
  await expect(bellOf(a)).toHaveAccessibleName("Notificações, 1 não lida");
  const bell = bellOf(b);
  await expect(bell).toHaveAccessibleName("Notificações");

  await a.getByRole("button", { name: "Cancelar evento" }).click();
  await a.getByRole("alertdialog", { name: "Cancelar evento" }).getByRole("button", { name: "Cancelar evento" }).click();

  // B reloads nothing: the bell shows 1, and the list says how much came back.
  await expect(bell).toHaveAccessibleName("Notificações, 1 não lida");
  await expect(bell.getByTestId("bell-count")).toHaveText("1");
  await bell.click();
  const panel = b.getByRole("dialog", { name: "Notificações" });
  await expect(panel.getByRole("listitem").first()).toContainText(`${name} foi cancelado. R$ 20,00 devolvidos à sua carteira.`);
  expect(await seriousViolations(b)).toEqual([]);
  await panel.getByRole("button", { name: "Marcar todas como lidas" }).click();
  await expect(bell).toHaveAccessibleName("Notificações");
  await b.keyboard.press("Escape");

  await openUserMenu(b);
  await b.getByRole("menuitem", { name: "Extrato" }).click();
  const statement = b.getByRole("dialog", { name: "Extrato" });
  await expect(statement.getByRole("listitem").first()).toContainText(`Estorno de ${name}`);
  await expect(statement.getByRole("listitem").first()).toContainText("+R$ 20,00");

  await Promise.all([creatorContext.close(), supporterContext.close()]);
});

test("the creator posts a Novidade: the supporter's bell and event page show it live", async ({ browser }) => {
  const creatorEmail = `${unique()}@e2e.test`;
  const creator = await apiUser("Criador Novidades", creatorEmail);
  const supporterEmail = `${unique()}@e2e.test`;
  const supporter = await apiUser("Sofia Novidades", supporterEmail);
  const name = `Festival ${unique()}`;
  const eventId = await apiEvent(creator, { name, goalCents: 20_000, minSupportCents: 100 });
  await apiSupport(supporter, eventId, 1_000);

  const [creatorContext, supporterContext] = [await browser.newContext(), await browser.newContext()];
  const a = await creatorContext.newPage();
  const b = await supporterContext.newPage();
  await a.goto(`/event/${eventId}`);
  await signInLocally(a, "Criador Novidades", creatorEmail);
  await b.goto(`/event/${eventId}`);
  await signInLocally(b, "Sofia Novidades", supporterEmail);
  const updates = b.getByRole("region", { name: "Novidades do evento" });
  await expect(updates).toContainText("O organizador ainda não publicou novidades.");
  await expect(b.getByLabel("Título da novidade")).toHaveCount(0);
  await expect(bellOf(b)).toHaveAccessibleName("Notificações");

  await a.getByLabel("Título da novidade").fill("Local confirmado");
  await a.getByLabel("Texto da novidade").fill("Será no parque.\nLevem água!");
  await a.getByRole("button", { name: "Publicar novidade" }).click();
  await expect(a.getByText("Novidade publicada. Os apoiadores foram avisados.")).toBeVisible();

  await expect(updates.getByRole("heading", { name: "Local confirmado" })).toBeVisible();
  await expect(updates).toContainText("Levem água!");
  await expect(bellOf(b)).toHaveAccessibleName("Notificações, 1 não lida");
  await bellOf(b).click();
  const item = b
    .getByRole("dialog", { name: "Notificações" })
    .getByRole("link", { name: new RegExp(`Novidade em ${name}: Local confirmado`) });
  await item.click();
  await expect(bellOf(b)).toHaveAccessibleName("Notificações");
  await expect(b).toHaveURL(new RegExp(`/event/${eventId}$`));

  await Promise.all([creatorContext.close(), supporterContext.close()]);
});

test("the bell and Novidades at 1280px and 375px: screenshots", async ({ browser }) => {
  for (const width of [1280, 375]) {
    const creatorEmail = `${unique()}@e2e.test`;
    const creator = await apiUser("Criadora Telas", creatorEmail);
    const eventId = await apiEvent(creator, { name: `Feira de Tecnologia ${width}`, goalCents: 20_000, minSupportCents: 100 });
    await creator.client.mutation(api.updates.post, {
      eventId,
      title: "Programação publicada",
      body: "A programação completa já está no site.\nAs portas abrem às 18h.",
    });
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/event/${eventId}`);
    await signInLocally(page, "Criadora Telas", creatorEmail);
    await apiSupport(await apiUser(`Apoiador ${width}`), eventId, 500);
    await expect(bellOf(page)).toHaveAccessibleName("Notificações, 1 não lida");
    await page.screenshot({ path: `${shots}/sino-${width}.png`, animations: "disabled" });
    await bellOf(page).click();
    await expect(page.getByRole("dialog", { name: "Notificações" }).getByRole("listitem")).toHaveCount(1);
    await page.screenshot({ path: `${shots}/notificacoes-${width}.png`, animations: "disabled" });
    await page.keyboard.press("Escape");
    await page.getByRole("region", { name: "Novidades do evento" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/novidades-${width}.png`, animations: "disabled" });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }
});
