/**
 * "Entrar com Google" end to end, offline: the app's button → Convex Auth's sign-in route on
 * the backend's site port → the stand-in Google issuer (support/mock-google.ts), where the
 * account is chosen → Convex Auth's callback → back in the app, signed in.
 */
import { expect, test, type Page } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./support/backend";
import { expectAlert, openUserMenu } from "./support/ui";

function issuer(): string {
  const url = process.env.E2E_GOOGLE_ISSUER;
  if (!url) throw new Error("E2E_GOOGLE_ISSUER is not set: run the suite through playwright.config.ts");
  return url;
}

type GoogleAccount = { name: string; email: string; picture: string };

function googleAccount(name: string, color: string): GoogleAccount {
  return { name, email: `${unique()}@gmail.test`, picture: `${issuer()}/picture?color=${color}` };
}

/** Signs in with Google as `account`, choosing it on the issuer's account chooser. */
async function signInWithGoogle(page: Page, account: GoogleAccount) {
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/choose-account\\?`));
  await page.getByLabel("Nome").fill(account.name);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Foto").fill(account.picture);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toBeVisible();
}

async function signOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page.getByRole("button", { name: "Entrar com Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toBeHidden();
}

test("Entrar com Google: signed in with the account's picture and R$ 50,00; the same account again keeps user and wallet; another is another user; Sair signs out", async ({ page }) => {
  const creator = await apiUser("Criadora Google");
  const eventId = await apiEvent(creator, { name: `Feira ${unique()}`, minSupportCents: 500 });
  const ana = googleAccount("Ana Google", "34a853");
  const bruno = googleAccount("Bruno Google", "ea4335");

  await page.goto("/");
  await signInWithGoogle(page, ana);
  // Back in the app (its home: the sign-in carries no redirect), with Ana's picture.
  await expect(page).toHaveURL(`${new URL(page.url()).origin}/`);
  const avatar = page.getByRole("button", { name: "Abrir menu do usuário" }).locator("img");
  await expect(avatar).toHaveAttribute("src", ana.picture);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  await openUserMenu(page);
  await expect(page.getByRole("menu")).toContainText("Ana Google");
  await expect(page.getByRole("menu")).toContainText("Saldo: R$ 50,00");
  await page.keyboard.press("Escape");

  // Spend R$ 12,00, so signing in again can show the very same wallet.
  await page.goto(`/event/${eventId}`);
  await page.getByLabel("Valor do apoio").fill("12");
  await page.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(page, { title: "Sucesso!" });
  await signOut(page);

  await signInWithGoogle(page, ana);
  await openUserMenu(page);
  await expect(page.getByRole("menu")).toContainText("Ana Google");
  await expect(page.getByRole("menu")).toContainText("Saldo: R$ 38,00");
  await page.keyboard.press("Escape");
  await page.goto(`/event/${eventId}`);
  await expect(page.getByText(/Você já apoiou este evento com R\$ 12,00/)).toBeVisible();
  await page.goto("/");
  await signOut(page);

  await signInWithGoogle(page, bruno);
  await expect(avatar).toHaveAttribute("src", bruno.picture);
  await openUserMenu(page);
  await expect(page.getByRole("menu")).toContainText("Bruno Google");
  await expect(page.getByRole("menu")).toContainText("Saldo: R$ 50,00");
  await page.keyboard.press("Escape");
  await signOut(page);
});
