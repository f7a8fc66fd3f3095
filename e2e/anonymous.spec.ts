import { expect, test } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, isoDate } from "./helpers/ui";
import { DAY } from "../test-kit/time";

const at = (days: number) => {
  const date = new Date(Date.now() + days * DAY);
  date.setHours(20, 0, 0, 0);
  return date.getTime();
};

test("a visitor browses, filters by name, category and dates, and must sign in to support", async ({ page }) => {
  const tag = unique();
  const creator = await apiUser("Criadora Anônimo");
  const jazz = await apiEvent(creator, { name: `Jazz na Praça ${tag}`, category: "Música", startsAt: at(3) });
  await apiEvent(creator, { name: `Corrida ${tag}`, category: "Esporte", startsAt: at(10) });
  await apiEvent(creator, { name: `Hackathon ${tag}`, category: "Tecnologia", startsAt: at(20) });
  const card = (name: string) => page.getByRole("link", { name: new RegExp(`${name} ${tag}`) });

  await page.goto("/");
  await page.getByLabel("Nome", { exact: true }).fill(tag.toUpperCase()); // any case
  await expect(card("Jazz na Praça")).toBeVisible();
  await expect(card("Corrida")).toBeVisible();
  await expect(card("Hackathon")).toBeVisible();

  await page.getByLabel("Categoria").selectOption({ label: "esporte" });
  await expect(card("Corrida")).toBeVisible();
  await expect(card("Jazz na Praça")).toBeHidden();
  await expect(card("Hackathon")).toBeHidden();

  await page.getByLabel("Categoria").selectOption({ label: "Todas" });
  await page.getByLabel("Data inicial").fill(isoDate(9));
  await expect(card("Jazz na Praça")).toBeVisible(); // one date alone does not filter
  await page.getByLabel("Data final").fill(isoDate(20)); // inclusive
  await expect(card("Corrida")).toBeVisible();
  await expect(card("Hackathon")).toBeVisible();
  await expect(card("Jazz na Praça")).toBeHidden();

  await page.getByLabel("Data inicial").fill("");
  await page.getByLabel("Data final").fill("");
  await card("Jazz na Praça").click();
  await expect(page).toHaveURL(new RegExp(`/event/${jazz}$`));
  await expect(page.getByRole("heading", { name: `Jazz na Praça ${tag}` })).toBeVisible();
  await page.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(page, { text: "Você precisa estar logado para apoiar este evento!" });
  await expect(page.getByRole("link", { name: "CHAT" })).toBeHidden();

  // Voltar returns to the list with the filters still applied (they are kept in the address).
  await page.getByRole("link", { name: "Voltar" }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?nome=${tag.toUpperCase()}$`));
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(tag.toUpperCase());
  await expect(card("Corrida")).toBeVisible();
});

test("an unknown event id shows 'Evento não encontrado'", async ({ page }) => {
  await page.goto("/event/nao-existe");
  await expect(page.getByText("Evento não encontrado")).toBeVisible();
});
