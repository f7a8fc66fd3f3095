import { expect, type Page } from "@playwright/test";
import { unique } from "./backend";

/** Signs in through the header's "Entrar (modo local)" dialog, as a person would. */
export async function signInLocally(page: Page, name: string, email = `${unique()}@e2e.test`, { acceptTerms: accept = true } = {}) {
  // The header's button: a signed-out chat page offers the same button in its notice too.
  await page.getByRole("banner").getByRole("button", { name: "Entrar (modo local)" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill(name);
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Entrar" }).click();
  // Someone who has not accepted the terms yet (a new account) is asked before anything else;
  // `acceptTerms: false` leaves the question to the caller.
  if (!accept) return email;
  await acceptTermsIfAsked(page);
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toBeVisible();
  return email;
}

const termsDialog = (page: Page) => page.getByRole("alertdialog", { name: "Termos de uso e Política de privacidade" });

/** The dialog a first sign-in (or a new version of the terms) shows: Aceitar, and it is gone. */
export async function acceptTerms(page: Page) {
  await termsDialog(page).getByRole("button", { name: "Aceitar" }).click();
  await expect(termsDialog(page)).toBeHidden();
}

/**
 * Signed in, accepts the terms when asked. The dialog (or, while its code loads, its busy frame of
 * the same name) and the header's avatar come from the same query in one render, so once either
 * shows, whether the dialog is there is already known.
 */
export async function acceptTermsIfAsked(page: Page) {
  const avatar = page.getByRole("button", { name: "Abrir menu do usuário" });
  await expect(termsDialog(page).or(avatar).first()).toBeVisible();
  if (await termsDialog(page).isVisible()) await acceptTerms(page);
}

/** Opens the avatar menu. */
export async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: "Abrir menu do usuário" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
}

/** Checks the alert dialog now shown (its title and/or text), then closes it with OK. */
export async function expectAlert(page: Page, { title, text }: { title?: string | RegExp; text?: string | RegExp }) {
  const alert = page.getByRole("alertdialog");
  await expect(alert).toBeVisible();
  if (title !== undefined) await expect(alert).toContainText(title);
  if (text !== undefined) await expect(alert).toContainText(text);
  await alert.getByRole("button", { name: "OK" }).click();
  await expect(alert).toBeHidden();
}

/** A date `days` from today as the yyyy-mm-dd an <input type="date"> takes. */
export function isoDate(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
