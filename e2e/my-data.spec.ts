import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { api } from "../convex/_generated/api";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, openUserMenu, signInLocally } from "./helpers/ui";

async function screenshotAt(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.screenshot({ path, fullPage: true });
}

async function openMyData(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Meus dados" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Meus dados" })).toBeVisible();
}

test("Meus dados tells what is kept and why, and Baixar meus dados saves one ZIP that reads back", async ({ page }, testInfo) => {
  await page.goto("/");
  const email = await signInLocally(page, "Dora Dados");
  await openMyData(page);
  for (const kind of ["Perfil", "Acessos", "Carteira e Extrato", "Mensagens do chat"]) {
    await expect(page.getByRole("heading", { level: 3, name: kind })).toBeVisible();
  }
  await page.getByLabel("Nome", { exact: true }).fill("Dora Dados Corrigida");
  await page.getByRole("button", { name: "Salvar nome" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nome salvo." })).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("Dora Dados");
  await page.getByRole("button", { name: "Salvar nome" }).click();
  await screenshotAt(page, 1280, testInfo.outputPath("meus-dados-1280.png"));
  await screenshotAt(page, 375, testInfo.outputPath("meus-dados-375.png"));

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Baixar meus dados" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^apoie-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
  expect(strFromU8(files["README.txt"]!)).toContain("Apoie: uma cópia de tudo o que guardamos sobre você");
  const [user] = JSON.parse(strFromU8(files["json/users.json"]!)) as { name: string; email: string }[];
  expect(user).toMatchObject({ name: "Dora Dados", email });
  expect(strFromU8(files["csv/walletEntries.csv"]!)).toContain("welcome");
  expect(JSON.parse(strFromU8(files["json/signInRecords.json"]!))).toHaveLength(1);
});

test("Termos de uso and Política de privacidade are asked at the first sign-in and, once accepted, not again", async ({ page }) => {
  await page.goto("/");
  await signInLocally(page, "Tina Termos");
  const banner = page.getByRole("region", { name: "Termos de uso" });
  await expect(banner).toBeVisible();
  await banner.getByRole("link", { name: "Política de privacidade" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Política de privacidade" })).toBeVisible();
  await expect(page.getByText("Lei Geral de Proteção de Dados")).toBeVisible();
  await banner.getByRole("button", { name: "Aceitar" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Termos de uso" })).toBeHidden();
});

test("a deleted account reads `Conta excluída` in another person's open chat, and every tab of it is signed out", async ({ browser }) => {
  const organizer = await apiUser("Organizadora do Sarau");
  const eventId = await apiEvent(organizer, { name: `Sarau ${unique()}`, minSupportCents: 100 });
  const joanaContext = await browser.newContext();
  const joana = await joanaContext.newPage();
  const joanaOtherTab = await joanaContext.newPage();
  const betoContext = await browser.newContext();
  const beto = await betoContext.newPage();

  for (const [page, name] of [
    [joana, "Joana Que Sai"],
    [beto, "Beto Que Fica"],
  ] as const) {
    await page.goto(`/event/${eventId}`);
    await signInLocally(page, name);
    await page.getByLabel("Valor do apoio").fill("5");
    await page.getByRole("button", { name: "APOIE" }).click();
    await expectAlert(page, { title: "Sucesso!" });
  }
  await joana.goto(`/chat/${eventId}`);
  await joana.getByPlaceholder("Digite sua mensagem").fill("Até o sarau!");
  await joana.getByRole("button", { name: "Enviar" }).click();
  await beto.goto(`/chat/${eventId}`);
  const joanasMessage = beto.getByRole("listitem").filter({ hasText: "Até o sarau!" });
  await expect(joanasMessage).toContainText("Joana Que Sai");

  // The event is cancelled and every support refunded: nothing ties Joana to Apoie any more.
  await organizer.client.mutation(api.events.cancel, { id: eventId });
  await joanaOtherTab.goto("/");
  await expect(joanaOtherTab.getByRole("button", { name: "Abrir menu do usuário" })).toBeVisible();
  await openMyData(joana);
  await joana.getByRole("button", { name: "Excluir minha conta" }).click();
  const confirm = joana.getByRole("alertdialog");
  await expect(confirm).toContainText("Ficam, sem seu nome nem e-mail: os registros financeiros");
  await confirm.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(joana.getByRole("heading", { name: "Sua conta foi excluída." })).toBeVisible();

  await expect(joanasMessage).toContainText("Conta excluída");
  await expect(joanasMessage).not.toContainText("Joana");
  await expect(joanaOtherTab.getByRole("banner").getByRole("button", { name: "Entrar (modo local)" })).toBeVisible();
  await expect(joana.getByRole("banner").getByRole("button", { name: "Entrar (modo local)" })).toBeVisible();
});
