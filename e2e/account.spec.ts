import { expect, test } from "@playwright/test";
import { unique } from "./helpers/backend";
import { expectAlert, isoDate, openUserMenu, signInLocally } from "./helpers/ui";

test("sign in, see the wallet, create an event that appears live on home and in Meus Eventos", async ({ page }) => {
  const name = `Oficina de Robótica ${unique()}`;
  await page.goto("/");
  await signInLocally(page, "Paula Criadora");

  await openUserMenu(page);
  await expect(page.getByRole("menu")).toContainText("Paula Criadora");
  await expect(page.getByRole("menu")).toContainText("Saldo: R$ 50,00");
  await page.getByRole("menuitem", { name: "Criar Evento" }).click();

  const form = page.getByRole("dialog");
  await form.getByLabel("Nome do evento").fill(name);
  await form.getByRole("button", { name: "Criar" }).click();
  await expectAlert(page, { text: "Por favor, preencha todos os campos corretamente." });

  await form.getByLabel("Categoria").selectOption("Tecnologia");
  await form.getByLabel("Data", { exact: true }).fill(isoDate(15));
  await form.getByLabel("Horário").fill("19:30");
  await form.getByLabel("Meta (R$)").fill("1.000,00");
  await form.getByLabel("Apoio mínimo (R$)").fill("10");
  await form.getByLabel("Porcentagem da meta (%)").fill("100");
  await form.getByLabel("Evento com ingresso").check();
  await form.getByLabel("Local").fill("Centro Cultural");
  await form.getByLabel("Cidade").fill("Recife");
  await form.getByLabel("UF").selectOption("PE");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(page.getByText("Evento criado com sucesso.")).toBeVisible();
  await expect(page.getByText("Sucesso!")).toBeVisible();
  await expect(page.getByLabel("Nome do evento")).toHaveCount(0); // closes by itself after 2 s

  await page.getByLabel("Nome", { exact: true }).fill(name);
  await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();

  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Meus Eventos" }).click();
  const mine = page.getByRole("dialog");
  await expect(mine).toContainText(name);
  await expect(mine).toContainText("Não Iniciado");
  await expect(mine).toContainText("R$ 1.000,00");
});

test("Meus Eventos is empty for a new user", async ({ page }) => {
  await page.goto("/");
  await signInLocally(page, "Novo Usuário");
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Meus Eventos" }).click();
  await expect(page.getByRole("dialog")).toContainText("Nenhum evento encontrado!");
  await expect(page.getByRole("dialog")).toContainText("Você ainda não tem eventos criados.");
});
