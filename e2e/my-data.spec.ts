import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { api } from "../convex/_generated/api";
import { seriousViolations } from "./helpers/axe";
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

test("Termos de uso and Política de privacidade are a choice at the first sign-in: nothing else until Aceitar; Recusar e sair signs out", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  const email = await signInLocally(page, "Tina Termos", undefined, { acceptTerms: false });
  const terms = page.getByRole("alertdialog", { name: "Termos de uso e Política de privacidade" });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole("region", { name: "Textos dos termos" })).toContainText("Lei Geral de Proteção de Dados");
  expect(await seriousViolations(page)).toEqual([]);
  // The account behind it cannot be used: the header is out of reach, and Escape does not dismiss it.
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(terms).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`termos-${width}.png`) });
  }
  await terms.getByRole("button", { name: "Recusar e sair" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Entrar (modo local)" })).toBeVisible();
  await expect(terms).toBeHidden();

  await signInLocally(page, "Tina Termos", email, { acceptTerms: false });
  await terms.getByRole("button", { name: "Aceitar" }).click();
  await expect(terms).toBeHidden();
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toBeVisible();
  await expect(terms).toBeHidden();
});

test("Corrigir meu e-mail: the code sent to the new address, read from the local mailbox, changes it; a wrong one does not", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const email = await signInLocally(page, "Edu Endereço");
  const newEmail = `novo.${email}`;
  await openMyData(page);
  await expect(page.getByText(`Seu e-mail agora: ${email}`)).toBeVisible();
  await page.getByLabel("Novo e-mail").fill("não é e-mail");
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByText("Informe um e-mail válido (até 254 caracteres).")).toBeVisible();
  await page.getByLabel("Novo e-mail").fill(newEmail);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByText(`Enviamos um código de 8 números para ${newEmail}.`)).toBeVisible();
  await page.getByRole("heading", { name: "Corrigir meu e-mail" }).scrollIntoViewIfNeeded();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`corrigir-email-${width}.png`) });
  }

  const inbox = await context.newPage();
  const subject = "Seu código para confirmar o novo e-mail no Apoie";
  await expect(async () => {
    await inbox.goto(`${process.env.E2E_MAIL_SANDBOX_URL!}/?to=${encodeURIComponent(newEmail)}`);
    await expect(inbox.getByRole("link", { name: new RegExp(`^${subject}`) })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const code = new RegExp(`${subject}: (\\d{8})`).exec(await inbox.getByRole("link", { name: new RegExp(`^${subject}`) }).innerText())?.[1];
  expect(code).toMatch(/^\d{8}$/);

  await page.getByLabel("Código").fill(code === "00000000" ? "11111111" : "00000000");
  await page.getByRole("button", { name: "Confirmar e-mail" }).click();
  await expect(page.getByText("Código errado. Confira o código e tente de novo.")).toBeVisible();
  await page.getByLabel("Código").fill(code!);
  await page.getByRole("button", { name: "Confirmar e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: `E-mail alterado para ${newEmail}.` })).toBeVisible();
  await expect(page.getByText(`Seu e-mail agora: ${newEmail}`)).toBeVisible();
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
