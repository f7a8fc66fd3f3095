import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { eventInput } from "../test-kit/event-input";
import { apiEvent, apiSupport, apiUser, unique } from "./helpers/backend";
import { expectAlert, isoDate, openUserMenu, signInLocally } from "./helpers/ui";

const shots = "e2e/screenshots";

/** Fills one reward of the editor (`Recompensa N`). */
async function fillReward(
  form: Locator,
  index: number,
  reward: { title: string; minimum: string; quantity?: string; question?: string; choices?: string },
) {
  await form.getByRole("button", { name: "Adicionar recompensa" }).click();
  const fields = form.getByRole("group", { name: `Recompensa ${index}` });
  await fields.getByLabel("Título").fill(reward.title);
  await fields.getByLabel("Descrição").fill(`${reward.title} do evento`);
  await fields.getByLabel("Valor mínimo (R$)").fill(reward.minimum);
  if (reward.quantity !== undefined) await fields.getByLabel("Quantidade (opcional)").fill(reward.quantity);
  if (reward.question !== undefined) {
    await fields.getByLabel("Pergunta para quem apoiar").selectOption("choices");
    await fields.getByLabel("Pergunta", { exact: true }).fill(reward.question);
    await fields.getByLabel("Opções (uma por linha)").fill(reward.choices ?? "");
  }
}

/** A supporter's page, signed in, with the shirt and a size picked (the amount fills in with its minimum). */
async function readyToSupport(page: Page, eventId: string, name: string, size: string) {
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, name);
  const picker = page.getByRole("group", { name: "Recompensa" });
  await picker.getByRole("radio", { name: /^Camiseta/ }).check();
  await expect(page.getByLabel("Valor do apoio")).toHaveValue("30,00");
  await picker.getByLabel("Tamanho da camiseta").selectOption(size);
}

test("a Flexível event with rewards: the limit holds, the organizer is paid below the goal, Meus apoios and the CSV show the choices", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const creatorEmail = `${unique()}@e2e.test`;
  const creator = await apiUser("Rita Organizadora", creatorEmail);
  const name = `Sarau Flexível ${unique()}`;
  const contexts = await Promise.all([0, 1, 2, 3].map(() => browser.newContext({ acceptDownloads: true })));
  const [a, b, c, d] = await Promise.all(contexts.map((context) => context.newPage()));

  // The organizer creates it through Criar Evento: Flexível, a shirt limited to 2 with a size question, a poster.
  await a!.goto("/");
  await signInLocally(a!, "Rita Organizadora", creatorEmail);
  await openUserMenu(a!);
  await a!.getByRole("menuitem", { name: "Criar Evento" }).click();
  const form = a!.getByRole("dialog", { name: "Criar Evento" });
  await form.getByLabel("Nome do evento").fill(name);
  await form.getByLabel("Categoria").selectOption("Música");
  await form.getByLabel("Data", { exact: true }).fill(isoDate(10));
  await form.getByLabel("Horário").fill("20:00");
  await form.getByLabel("Local").fill("Casa de Cultura");
  await form.getByLabel("Cidade").fill("Olinda");
  await form.getByLabel("UF").selectOption("PE");
  await form.getByLabel("Meta (R$)").fill("500");
  await form.getByLabel("Apoio mínimo (R$)").fill("5");
  await form.getByRole("radio", { name: "Flexível" }).check();
  await fillReward(form, 1, { title: "Camiseta", minimum: "30", quantity: "2", question: "Tamanho da camiseta", choices: "P\nM\nG" });
  await fillReward(form, 2, { title: "Pôster", minimum: "10" });
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(a!.getByText("Evento criado com sucesso.")).toBeVisible();
  const eventId = (await creator.client.query(api.events.mine, {})).find((event) => event.name === name)!._id;
  await a!.goto(`/event/${eventId}`);
  await expect(a!.getByText("Flexível: o organizador recebe o valor arrecadado mesmo sem atingir a meta.")).toBeVisible();
  const shirt = a!.getByRole("listitem").filter({ hasText: "Camiseta" });
  await expect(shirt).toContainText("Restam 2");

  // Three people get ready for the shirt; only then does the date come a few seconds ahead (allowed before any support).
  await readyToSupport(b!, eventId, "Bia Apoiadora", "M");
  await readyToSupport(c!, eventId, "Caio Apoiador", "G");
  await readyToSupport(d!, eventId, "Duda Atrasada", "P");
  const startsAt = Date.now() + 25_000;
  const input = eventInput({
    name,
    category: "Música",
    startsAt,
    goalCents: 50_000,
    minSupportCents: 500,
    venueName: "Casa de Cultura",
    city: "Olinda",
    uf: "PE",
    fundingMode: "flexible",
  });
  await creator.client.mutation(api.events.update, { id: eventId, ...input });

  await b!.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(b!, { title: "Sucesso!" });
  await c!.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(c!, { title: "Sucesso!" });
  // Sold out, live on the organizer's page; the third is refused and keeps every cent.
  await expect(shirt).toContainText("Esgotada");
  await d!.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(d!, { text: "Esta recompensa esgotou." });
  await expect(d!.getByRole("button", { name: "Abrir menu do usuário" })).toContainText("R$ 50,00");

  // The date passes at R$ 60,00 of R$ 500,00: the organizer is paid.
  await expect(a!.getByRole("heading", { name: "Repassado ao organizador" })).toBeVisible({ timeout: 60_000 });
  await expect(
    a!.getByText("Na modalidade Flexível, o valor arrecadado foi repassado ao organizador mesmo sem atingir a meta."),
  ).toBeVisible();
  await expect(a!.getByRole("button", { name: "Abrir menu do usuário" })).toContainText("R$ 110,00");
  await openUserMenu(a!);
  await a!.getByRole("menuitem", { name: "Extrato" }).click();
  await expect(a!.getByRole("dialog", { name: "Extrato" }).getByRole("listitem").first()).toContainText(`Repasse de ${name}`);
  await a!.keyboard.press("Escape");

  // Meus apoios shows the choice; the CSV has the answers.
  await openUserMenu(b!);
  await b!.getByRole("menuitem", { name: "Meus apoios" }).click();
  const mine = b!.getByRole("dialog", { name: "Meus apoios" }).getByRole("listitem");
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(name);
  await expect(mine.first()).toContainText("R$ 30,00");
  await expect(mine.first()).toContainText("Recompensa: Camiseta · Resposta: M");
  await expect(mine.first()).toContainText("Confirmado");

  const downloading = a!.waitForEvent("download");
  await a!.getByRole("button", { name: "Baixar apoiadores (CSV)" }).click();
  const csv = await readFile((await (await downloading).path())!, "utf8");
  expect(csv.startsWith("\uFEFFNome;E-mail;Valor;Recompensa;Resposta;Data;Situação")).toBe(true);
  expect(csv).toContain("Bia Apoiadora;");
  expect(csv).toContain(";R$ 30,00;Camiseta;M;");
  expect(csv).toContain(";R$ 30,00;Camiseta;G;");
  expect(csv).not.toContain("Duda Atrasada");

  await Promise.all(contexts.map((context) => context.close()));
});

test("Recompensas at 1280px and 375px: the editor, the event page, the support form with a reward, Meus apoios", async ({ browser }) => {
  test.setTimeout(180_000);
  const email = `${unique()}@e2e.test`;
  const creator = await apiUser("Marta Fotogênica", email);
  const eventId = await apiEvent(creator, {
    name: "Festival de Bandas",
    goalCents: 500_000,
    minSupportCents: 500,
    fundingMode: "flexible",
    rewards: [
      { title: "Pôster autografado", description: "Pôster A3 assinado pelas bandas.", minimumCents: 1_000, deliveryMonth: "2027-03" },
      {
        title: "Camiseta oficial",
        description: "Camiseta preta com a arte do festival.",
        minimumCents: 2_500,
        quantity: 50,
        question: { label: "Tamanho da camiseta", choices: ["P", "M", "G", "GG"] },
      },
      { title: "Seu nome no palco", description: "Seu nome no telão de abertura.", minimumCents: 4_500, quantity: 1 },
    ],
  });
  const [, shirt, stage] = (await creator.client.query(api.rewards.list, { eventId })).map((reward) => reward._id);
  const fan = await apiUser("Fã Número Um");
  await fan.client.mutation(api.supports.support, { eventId, amountCents: 4_500, rewardId: stage! });
  await creator.client.mutation(api.supports.support, { eventId, amountCents: 2_500, rewardId: shirt!, answer: "M" });
  await apiSupport(creator, eventId, 1_000);
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width > 400 ? 900 : 800 } });
    const page = await context.newPage();
    await page.goto(`/event/${eventId}`);
    await signInLocally(page, "Marta Fotogênica", email);
    const rewards = page.getByRole("heading", { name: "Recompensas", level: 2 });
    await rewards.scrollIntoViewIfNeeded();
    await expect(page.getByText(/^Restam \d+$/)).toBeVisible();
    await expect(page.getByText("Esgotada", { exact: true })).toBeVisible();
    await page.screenshot({ path: `${shots}/recompensas-pagina-${width}.png`, animations: "disabled", fullPage: true });

    const picker = page.getByRole("group", { name: "Recompensa" });
    await picker.getByRole("radio", { name: /^Camiseta oficial/ }).check();
    await picker.getByLabel("Tamanho da camiseta").selectOption("M");
    await picker.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/recompensas-apoio-${width}.png`, animations: "disabled" });

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Meus apoios" }).click();
    await expect(page.getByRole("dialog", { name: "Meus apoios" })).toContainText("Resposta: M");
    await page.screenshot({ path: `${shots}/meus-apoios-${width}.png`, animations: "disabled" });
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Editar evento" }).click();
    const editor = page.getByRole("dialog", { name: "Editar evento" });
    await editor.getByRole("group", { name: "Recompensa 2" }).getByLabel("Opções (uma por linha)").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/recompensas-editor-${width}.png`, animations: "disabled" });
    await page.keyboard.press("Escape");
    await context.close();
  }
});
