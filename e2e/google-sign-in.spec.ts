import { expect, test, type Page } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { acceptTerms, expectAlert, openUserMenu } from "./helpers/ui";

// The whole real redirect flow, offline: Entrar com Google → Convex Auth's sign-in route on the
// backend's site port → the stand-in issuer's /authorize (e2e/helpers/google-issuer.ts) → the
// callback route → the app with a code it trades for tokens.
test.describe.configure({ mode: "serial" });

type GoogleAccount = { email: string; name: string; picture: string };

/** Entrar com Google, then the stand-in account chooser: this person signs in. */
async function signInWithGoogle(page: Page, account: GoogleAccount, { firstTime = false } = {}) {
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await expect(page.getByRole("heading", { name: "Escolha uma conta" })).toBeVisible();
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Nome").fill(account.name);
  await page.getByLabel("Foto").fill(account.picture);
  await page.getByRole("button", { name: "Continuar" }).click();
  // A new account accepts the terms first; a returning one is not asked again.
  if (firstTime) await acceptTerms(page);
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toBeVisible({ timeout: 20_000 });
}

async function signOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page.getByRole("button", { name: "Entrar com Google" })).toBeVisible();
}

test("Entrar com Google: a new account gets R$ 50,00, keeps its wallet on return; another account is another user", async ({
  page,
  baseURL,
}) => {
  const ana: GoogleAccount = { email: `ana.${unique()}@gmail.test`, name: "Ana Google", picture: `${baseURL}/images/events/jazz.svg` };
  const creator = await apiUser("Criadora do Sarau");
  const eventId = await apiEvent(creator, { name: `Sarau Google ${unique()}`, minSupportCents: 100 });

  await page.goto(`/event/${eventId}`);
  await signInWithGoogle(page, ana, { firstTime: true });
  // Back on the page where sign-in started, signed in as the person the issuer vouched for.
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}$`));
  const avatar = page.getByRole("button", { name: "Abrir menu do usuário" }).locator("img");
  await expect(avatar).toHaveAttribute("src", ana.picture);
  await openUserMenu(page);
  await expect(page.getByRole("menu")).toContainText("Ana Google");
  await expect(page.getByRole("menu")).toContainText("Saldo: R$ 50,00");
  await page.keyboard.press("Escape");

  // Spend some of the wallet, so a reset on the next sign-in would show.
  await page.getByLabel("Valor do apoio").fill("12,50");
  await page.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(page, { title: "Sucesso!" });
  await signOut(page);

  await signInWithGoogle(page, ana);
  await openUserMenu(page);
  await expect(page.getByRole("menu")).toContainText("Saldo: R$ 37,50");
  await expect(page.getByRole("link", { name: "CHAT" })).toBeVisible(); // the same user: still a supporter
  await page.keyboard.press("Escape");
  await signOut(page);

  const bia: GoogleAccount = { email: `bia.${unique()}@gmail.test`, name: "Bia Google", picture: `${baseURL}/images/events/yoga.svg` };
  await signInWithGoogle(page, bia, { firstTime: true });
  await openUserMenu(page);
  await expect(page.getByRole("menu")).toContainText("Bia Google");
  await expect(page.getByRole("menu")).toContainText("Saldo: R$ 50,00");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "CHAT" })).toBeHidden(); // another user, who has not supported
  await signOut(page);
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toHaveCount(0);
});
