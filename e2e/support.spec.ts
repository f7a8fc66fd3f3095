import { expect, test } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, openUserMenu, signInLocally } from "./helpers/ui";

test("support journey: every refusal message, success, ticket, goal reached", async ({ page }) => {
  const creator = await apiUser("Criador Apoio");
  const open = await apiEvent(creator, { name: `Sarau ${unique()}`, goalCents: 10_000, minSupportCents: 500 });
  const ticketed = await apiEvent(creator, { name: `Show com Ingresso ${unique()}`, isTicketed: true, minSupportCents: 100 });
  const nearlyThere = await apiEvent(creator, { name: `Quase Lá ${unique()}`, goalCents: 2_000, minSupportCents: 100 });

  await page.goto(`/event/${open}`);
  await signInLocally(page, "Bruno Apoiador");
  const amount = page.getByLabel("Valor do apoio");
  const apoie = page.getByRole("button", { name: "APOIE" });

  await amount.fill("abc");
  await apoie.click();
  await expectAlert(page, { text: "Por favor, insira um valor válido!" });

  await amount.fill("60");
  await apoie.click();
  await expectAlert(page, { text: "Saldo insuficiente!" });

  await amount.fill("2");
  await apoie.click();
  await expectAlert(page, { text: "O valor mínimo de apoio é R$ 5,00" });

  await expect(page.getByRole("link", { name: "CHAT" })).toBeHidden();
  await amount.fill("10,50");
  await apoie.click();
  await expectAlert(page, { title: "Sucesso!" });
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /R\$ 10,50/);
  await expect(page.getByRole("link", { name: "CHAT" })).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByRole("menu")).toContainText("Saldo: R$ 39,50");
  await page.keyboard.press("Escape");

  await page.goto(`/event/${ticketed}`);
  await page.getByLabel("Valor do apoio").fill("5");
  await page.getByRole("button", { name: "APOIE" }).click();
  const alert = page.getByRole("alertdialog");
  await expect(alert).toContainText("Sucesso!");
  const code = (await alert.textContent())?.match(/Seu ingresso: ([A-Z0-9]{9})/)?.[1];
  expect(code).toBeDefined();
  await alert.getByRole("button", { name: "OK" }).click();
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Meus Ingressos" }).click();
  await expect(page.getByRole("dialog")).toContainText(code!);
  await page.keyboard.press("Escape");

  await page.goto(`/event/${nearlyThere}`);
  await page.getByLabel("Valor do apoio").fill("20");
  await page.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(page, { title: "Meta Alcançada!" });
  await expect(page.getByText("A porcentagem minima foi batida! Os apoios foram desativados...")).toBeVisible();
  await expect(page.getByRole("button", { name: "APOIE" })).toBeDisabled();
});
