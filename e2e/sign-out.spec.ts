import { expect, test } from "@playwright/test";
import { openUserMenu, signInLocally } from "./helpers/ui";

async function signOut(page: import("@playwright/test").Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page.getByRole("button", { name: "Entrar (modo local)" }).first()).toBeVisible();
}

test("Sair in one tab signs the other tab of the browser out, without reload", async ({ context }) => {
  const first = await context.newPage();
  await first.goto("/");
  await signInLocally(first, "Ana Duas Abas");
  const second = await context.newPage();
  await second.goto("/");
  await expect(second.getByRole("button", { name: "Abrir menu do usuário" })).toBeVisible();

  await signOut(first);
  await expect(second.getByRole("button", { name: "Abrir menu do usuário" })).toBeHidden();
  await expect(second.getByRole("banner").getByRole("button", { name: "Entrar (modo local)" })).toBeVisible();
});

test("attack: a copy of the session's tokens elsewhere is signed out live when the session signs out", async ({ browser }) => {
  const original = await browser.newContext();
  const page = await original.newPage();
  await page.goto("/");
  await signInLocally(page, "Bia Computador Compartilhado");
  // Someone kept the signed-in state (the same JWT and session) in another browser.
  const copy = await browser.newContext({ storageState: await original.storageState() });
  const other = await copy.newPage();
  await other.goto("/");
  await expect(other.getByRole("button", { name: "Abrir menu do usuário" })).toBeVisible();

  await signOut(page);
  // No storage event reaches the other browser: only the server can end its access.
  await expect(other.getByRole("button", { name: "Abrir menu do usuário" })).toBeHidden();
  await expect(other.getByRole("banner").getByRole("button", { name: "Entrar (modo local)" })).toBeVisible();
  await original.close();
  await copy.close();
});
