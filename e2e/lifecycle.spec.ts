import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { api } from "../convex/_generated/api";
import { eventInput } from "../test-kit/event-input";
import { apiEvent, apiSupport, apiUser, unique } from "./helpers/backend";
import { expectAlert, openUserMenu, signInLocally } from "./helpers/ui";

const shots = "e2e/screenshots";

/** Opens Extrato from the avatar menu and returns the dialog. */
async function openStatement(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Extrato" }).click();
  const dialog = page.getByRole("dialog", { name: "Extrato" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a creator cancels: the supporter's open page, Extrato and wallet show the refund live", async ({ browser }) => {
  const creatorEmail = `${unique()}@e2e.test`;
  const creator = await apiUser("Criadora Cancela", creatorEmail);
  const name = `Show Cancelado ${unique()}`;
  const eventId = await apiEvent(creator, { name, goalCents: 20_000, minSupportCents: 100 });

  const [creatorContext, supporterContext] = [await browser.newContext(), await browser.newContext()];
  const a = await creatorContext.newPage();
  const b = await supporterContext.newPage();
  await a.goto(`/event/${eventId}`);
  await signInLocally(a, "Criadora Cancela", creatorEmail);
  await b.goto(`/event/${eventId}`);
  await signInLocally(b, "Bruno Apoiador");
  await b.getByLabel("Valor do apoio").fill("20");
  await b.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(b, { title: "Sucesso!" });

  const statement = await openStatement(b);
  const entries = statement.getByRole("listitem");
  await expect(entries.first()).toContainText(`Apoio a ${name}`);
  await expect(entries.first()).toContainText("−R$ 20,00");
  await expect(entries.first()).toContainText("Saldo: R$ 30,00");

  await a.getByRole("button", { name: "Cancelar evento" }).click();
  const confirm = a.getByRole("alertdialog", { name: "Cancelar evento" });
  await expect(confirm).toContainText("Os apoios serão devolvidos aos apoiadores.");
  await confirm.getByRole("button", { name: "Cancelar evento" }).click();
  await expect(a.getByRole("heading", { name: "Cancelado · apoios devolvidos" })).toBeVisible();
  await expect(a.getByRole("button", { name: "Cancelar evento" })).toBeHidden();

  // B reloads nothing: the open Extrato gains the refund, newest first, and the wallet is whole again.
  await expect(entries.first()).toContainText(`Estorno de ${name}`);
  await expect(entries.first()).toContainText("+R$ 20,00");
  await expect(entries.first()).toContainText("Saldo: R$ 50,00");
  await expect(entries).toHaveCount(3);
  await statement.getByRole("button", { name: "Fechar" }).click();
  await expect(b.getByRole("button", { name: "Abrir menu do usuário" })).toContainText("R$ 50,00");
  await expect(b.getByRole("heading", { name: "Cancelado · apoios devolvidos" })).toBeVisible();
  // A finished event shows its outcome where the support form was.
  await expect(b.getByRole("button", { name: "APOIE" })).toBeHidden();
  expect(await seriousViolations(b)).toEqual([]);

  await Promise.all([creatorContext.close(), supporterContext.close()]);
});

test("events reaching their date settle while the pages are open: paid out, or refunded", async ({ browser }) => {
  const creatorEmail = `${unique()}@e2e.test`;
  const creator = await apiUser("Criador Pontual", creatorEmail);
  const supporterEmail = `${unique()}@e2e.test`;
  const supporter = await apiUser("Sara Pontual", supporterEmail);
  const fundedInput = eventInput({ name: `Meta Batida ${unique()}`, goalCents: 1_000, minSupportCents: 100 });
  const shortInput = eventInput({ name: `Meta Curta ${unique()}`, goalCents: 10_000, minSupportCents: 100 });
  const funded = await creator.client.mutation(api.events.create, fundedInput);
  const short = await creator.client.mutation(api.events.create, shortInput);

  const [creatorContext, supporterContext] = [await browser.newContext(), await browser.newContext()];
  const a = await creatorContext.newPage();
  const b = await supporterContext.newPage();
  await a.goto(`/event/${funded}`);
  await signInLocally(a, "Criador Pontual", creatorEmail);
  await b.goto(`/event/${short}`);
  await signInLocally(b, "Sara Pontual", supporterEmail);
  const creatorWallet = a.getByRole("button", { name: "Abrir menu do usuário" });
  const supporterWallet = b.getByRole("button", { name: "Abrir menu do usuário" });
  await expect(creatorWallet).toContainText("R$ 50,00");
  await expect(supporterWallet).toContainText("R$ 50,00");
  await expect(b.getByRole("button", { name: "APOIE" })).toBeEnabled();

  // Only now, with both pages open and checked, do the events get a date a few seconds ahead
  // (allowed before any support) and their supports: the window before the date holds two API
  // calls, not two page loads and sign-ins, whatever the machine's speed.
  const startsAt = Date.now() + 10_000;
  await creator.client.mutation(api.events.update, { id: funded, ...fundedInput, startsAt });
  await creator.client.mutation(api.events.update, { id: short, ...shortInput, startsAt });
  await apiSupport(supporter, funded, 1_000);
  await apiSupport(supporter, short, 1_500);

  await expect(a.getByRole("heading", { name: "Repassado ao organizador" })).toBeVisible({ timeout: 30_000 });
  await expect(creatorWallet).toContainText("R$ 60,00");
  await expect(b.getByRole("heading", { name: "Encerrado · apoios devolvidos" })).toBeVisible({ timeout: 30_000 });
  await expect(supporterWallet).toContainText("R$ 40,00");
  await expect(b.getByRole("button", { name: "APOIE" })).toBeHidden();

  await Promise.all([creatorContext.close(), supporterContext.close()]);
});

test("Extrato and the cancel dialog at 1280px and 375px: screenshots, no serious axe violations", async ({ browser }) => {
  const creatorEmail = `${unique()}@e2e.test`;
  const creator = await apiUser("Criadora Fotogênica", creatorEmail);
  const supported = await apiEvent(creator, { name: "Festival de Inverno", goalCents: 50_000, minSupportCents: 100 });
  await apiSupport(creator, supported, 1_250);
  const other = await apiEvent(creator, { name: "Oficina de Cerâmica", goalCents: 40_000, minSupportCents: 100 });
  await apiSupport(creator, other, 700);
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width > 400 ? 800 : 740 } });
    const page = await context.newPage();
    await page.goto(`/event/${supported}`);
    await signInLocally(page, "Criadora Fotogênica", creatorEmail);
    await openStatement(page);
    await page.screenshot({ path: `${shots}/extrato-${width}.png`, animations: "disabled" });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Cancelar evento" }).click();
    await expect(page.getByRole("alertdialog", { name: "Cancelar evento" })).toBeVisible();
    await page.screenshot({ path: `${shots}/cancelar-evento-${width}.png`, animations: "disabled" });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Manter evento" }).click();
    await context.close();
  }
});
