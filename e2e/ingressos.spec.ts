import { expect, test, type Locator } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, isoDate, openUserMenu, signInLocally } from "./helpers/ui";

/** Fills one lote of a type's fieldset. */
async function fillLote(
  type: Locator,
  index: number,
  { price, date, time, quantity }: { price: string; date?: string; time?: string; quantity?: string },
) {
  const lote = type.getByRole("group", { name: `${index + 1}º lote` });
  await lote.getByLabel("Preço (R$)").fill(price);
  if (date !== undefined) await lote.getByLabel("Termina em (data)").fill(date);
  if (time !== undefined) await lote.getByLabel("Horário do fim").fill(time);
  if (quantity !== undefined) await lote.getByLabel("Ou após vender").fill(quantity);
}

test("an organizer creates an event with Pista in 2 lotes and Camarote with meia; a buyer buys 2 meia", async ({ page, browser }) => {
  const name = `Show com tipos ${unique()}`;
  await page.goto("/");
  await signInLocally(page, "Organizadora de Show");
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Criar Evento" }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Nome do evento").fill(name);
  await form.getByLabel("Categoria").selectOption("Música");
  await form.getByLabel("Data", { exact: true }).fill(isoDate(20));
  await form.getByLabel("Horário", { exact: true }).fill("21:00");
  await form.getByLabel("Local").fill("Circo Voador");
  await form.getByLabel("Cidade").fill("Rio de Janeiro");
  await form.getByLabel("UF").selectOption("RJ");
  await form.getByLabel("Meta (R$)").fill("5.000,00");
  await form.getByLabel("Apoio mínimo (R$)").fill("10");
  await form.getByLabel("Evento com ingresso").check();

  await form.getByRole("button", { name: "Adicionar tipo de ingresso" }).click();
  const pista = form.getByRole("group", { name: "Tipo 1" });
  await pista.getByLabel("Nome do tipo").fill("Pista");
  await pista.getByLabel("Quantidade").fill("200");
  await fillLote(pista, 0, { price: "20,00", quantity: "100" });
  await pista.getByRole("button", { name: "Adicionar lote" }).click();
  await fillLote(pista, 1, { price: "80,00" });

  await form.getByRole("button", { name: "Adicionar tipo de ingresso" }).click();
  const camarote = form.getByRole("group", { name: "Tipo 2" });
  await camarote.getByLabel("Nome do tipo").fill("Camarote");
  await camarote.getByLabel("Quantidade").fill("50");
  await fillLote(camarote, 0, { price: "150,00", date: isoDate(10), time: "23:59" });
  // 40% of 250 is 100: Pista keeps its 80 by default, Camarote must carry the other 20.
  await camarote.getByLabel("Meia-entrada").fill("10");
  await expect(form).toContainText("Meia-entrada: 90 de 250 ingressos (36%). Para Música, a lei pede pelo menos 40%.");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Ofereça pelo menos 40% dos ingressos como meia-entrada.");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await camarote.getByLabel("Meia-entrada").fill("20");
  await expect(form).toContainText("Meia-entrada: 100 de 250 ingressos (40%). Para Música, a lei pede pelo menos 40%.");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(page.getByText("Evento criado com sucesso.")).toBeVisible();
  await expect(page.getByLabel("Nome do evento")).toHaveCount(0);

  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByRole("link", { name: new RegExp(name) }).click();
  await page.getByRole("button", { name: "Editar evento" }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByRole("group", { name: "Tipo 1" }).getByLabel("Nome do tipo")).toHaveValue("Pista");
  await expect(edit.getByRole("group", { name: "Tipo 2" }).getByLabel("Meia-entrada")).toHaveValue("20");
  await expect(edit.getByRole("group", { name: "Tipo 1" }).getByRole("group", { name: "2º lote" }).getByLabel("Preço (R$)")).toHaveValue(
    "80,00",
  );
  const eventUrl = page.url();

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(eventUrl);
  await signInLocally(buyer, "Estudante");
  const buy = buyer.getByRole("form", { name: "Comprar ingressos" });
  await buy.getByLabel("Tipo de ingresso").selectOption({ label: "Pista" });
  await buy.getByLabel("Meia-entrada").check();
  await buy.getByLabel("Categoria da meia-entrada").selectOption({ label: "estudante" });
  await buy.getByLabel("Quantidade").selectOption("2");
  await expect(buy).toContainText("Total: R$ 20,00");
  await buy.getByRole("button", { name: "Comprar" }).click();
  await expectAlert(buyer, { title: "Compra confirmada!" });
  await openUserMenu(buyer);
  await buyer.getByRole("menuitem", { name: "Meus Ingressos" }).click();
  const tickets = buyer.getByRole("dialog").getByRole("listitem");
  await expect(tickets).toHaveCount(2);
  for (const ticket of await tickets.all()) await expect(ticket).toContainText("Pista · 1º lote · Meia-entrada (estudante)");
  await buyerContext.close();
});

test("an online event says Online and shows its link only once the person has a ticket", async ({ page }) => {
  const organizer = await apiUser("Organizador Online");
  const eventId = await apiEvent(organizer, {
    name: `Live ${unique()}`,
    isTicketed: true,
    isOnline: true,
    onlineUrl: "https://live.exemplo.com/sala-42",
    venueName: undefined,
    city: undefined,
    uf: undefined,
  });
  await page.goto(`/event/${eventId}`);
  await expect(page.getByText("Local: Online")).toBeVisible();
  await expect(page.getByText("O link de acesso aparece aqui para quem tem ingresso ou apoiou o evento.")).toBeVisible();
  await expect(page.getByRole("link", { name: "https://live.exemplo.com/sala-42" })).toHaveCount(0);

  await signInLocally(page, "Espectadora");
  await expect(page.getByRole("link", { name: "https://live.exemplo.com/sala-42" })).toHaveCount(0);
  await page.getByLabel("Valor do apoio").fill("10");
  await page.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(page, { title: "Sucesso!" });
  await expect(page.getByRole("link", { name: "https://live.exemplo.com/sala-42" })).toBeVisible();
});
