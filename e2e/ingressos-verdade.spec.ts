import { expect, test, type Page } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { eventInput } from "../test-kit/event-input";
import { DAY } from "../test-kit/time";
import { apiUser, unique } from "./helpers/backend";
import { holdSync } from "./helpers/sync-hold";
import { expectAlert, signInLocally } from "./helpers/ui";

const shots = "e2e/screenshots";

/** The wallet the header shows beside the avatar. */
async function expectWallet(page: Page, amount: string) {
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toContainText(amount);
}

/** Acknowledges the alert when it is still open (Escape, as its OK button does). */
async function closeAlert(page: Page) {
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog")).toBeHidden();
}

/** A ticketed event's fields as created, so an edit through the API can send them back unchanged. */
function showInput(name: string, overrides: Partial<Parameters<typeof eventInput>[0]> = {}) {
  const start = new Date(Date.now() + 7 * DAY);
  start.setHours(20, 0, 0, 0);
  return eventInput({ name, startsAt: start.getTime(), isTicketed: true, goalCents: 1_000_000, ...overrides });
}

test("the price changes while the page shows the old one: refused with the message, the wallet whole", async ({ page }) => {
  const sync = await holdSync(page);
  const organizer = await apiUser("Organizadora do Preço");
  const pista = { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] };
  const input = showInput(`Preço ${unique()}`, { ticketTypes: [pista] });
  const eventId = await organizer.client.mutation(api.events.create, input);
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Compradora Atenta");
  const form = page.getByRole("form", { name: "Comprar ingressos" });
  await expect(page.getByRole("listitem", { name: "Pista" })).toContainText("1º lote: R$ 10,00");
  await expect(form).toContainText("Total: R$ 10,00");

  // The page hears nothing more; the organizer raises the price meanwhile.
  sync.holdAnswers();
  const [type] = await organizer.client.query(api.ticketTypes.forEvent, { eventId });
  await organizer.client.mutation(api.events.update, {
    id: eventId,
    ...input,
    ticketTypes: [{ ...pista, id: type!._id, lotes: [{ priceCents: 2_000 }] }],
  });
  await form.getByRole("button", { name: "Comprar" }).click();
  sync.releaseAnswers();
  await expectAlert(page, { text: "O preço deste ingresso mudou. Confira o novo valor." });
  await expectWallet(page, "R$ 50,00");
  await closeAlert(page);
  await expect(page.getByRole("listitem", { name: "Pista" })).toContainText("1º lote: R$ 20,00");
  const [after] = await organizer.client.query(api.ticketTypes.forEvent, { eventId });
  expect(after!.sales).toEqual({ inteiraSold: 0, meiaSold: 0, loteSold: [] });
});

test("the meia reserve is still bought after the last inteira lote ended; Ingressos and the editor's meia summary at 1280 and 375 px", async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const email = `${unique()}@e2e.test`;
    const organizer = await apiUser("Organizadora da Meia", email);
    // 10 units, 4 meia, one lote of 6: six inteira end the lote; a second type shows a lote smaller than the type.
    const pista = { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 400, quantity: 6 }] };
    const camarote = {
      name: "Camarote",
      quantity: 100,
      meiaQuantity: 40,
      lotes: [{ priceCents: 9_000, quantity: 20 }, { priceCents: 12_000 }],
    };
    const eventId = await organizer.client.mutation(
      api.events.create,
      showInput(`Meia ${width} ${unique()}`, { ticketTypes: [pista, camarote] }),
    );
    const [pistaType] = await organizer.client.query(api.ticketTypes.forEvent, { eventId });
    const rich = await apiUser("Quem levou a inteira");
    for (const units of [3, 3]) {
      await rich.client.mutation(api.ticketPurchases.buy, {
        eventId,
        typeId: pistaType!._id,
        loteIndex: 0,
        unitPriceCents: 400,
        units,
        meia: false,
      });
    }

    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`/event/${eventId}`);
    await signInLocally(page, `Estudante ${width}`);
    const pistaItem = page.getByRole("listitem", { name: "Pista" });
    await expect(pistaItem).toContainText("Restam 4");
    await expect(pistaItem).toContainText("Meia-entrada: R$ 2,00");
    await expect(pistaItem).toContainText("Inteira: esgotada · Meia-entrada: restam 4");
    await expect(page.getByRole("listitem", { name: "Camarote" })).toContainText("restam 20 neste lote");
    await expect(page.getByRole("listitem", { name: "Camarote" })).toContainText("Restam 100");
    const form = page.getByRole("form", { name: "Comprar ingressos" });
    await expect(form).toContainText("O organizador do evento recebe seu nome e e-mail na lista de participantes.");
    await page.getByRole("region", { name: "Ingressos" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/ingressos-verdade-${width}.png`, animations: "disabled" });

    await form.getByLabel("Tipo de ingresso").selectOption({ label: "Pista" });
    await expect(form.getByRole("radio", { name: "Meia-entrada" })).toBeChecked();
    await form.getByLabel("Categoria da meia-entrada").selectOption({ label: "estudante" });
    await form.getByLabel("Quantidade").selectOption("2");
    await expect(form).toContainText("Total: R$ 4,00");
    await form.getByRole("button", { name: "Comprar" }).click();
    await expectAlert(page, { title: "Compra confirmada!" });
    await expectWallet(page, "R$ 46,00");
    await expect(pistaItem).toContainText("Restam 2");
    await context.close();

    const organizerContext = await browser.newContext({ viewport: { width, height: 900 } });
    const organizerPage = await organizerContext.newPage();
    await organizerPage.goto(`/event/${eventId}`);
    await signInLocally(organizerPage, "Organizadora da Meia", email);
    await organizerPage.getByRole("button", { name: "Editar evento" }).click();
    const summary = organizerPage
      .getByRole("dialog")
      .getByText(/^Meia-entrada: 44 de 110 ingressos \(40%\)\. Para Música, a lei pede pelo menos 40%\.$/);
    await summary.scrollIntoViewIfNeeded();
    await expect(summary).toBeVisible();
    await organizerPage.screenshot({ path: `${shots}/editor-meia-${width}.png`, animations: "disabled" });
    await organizerContext.close();
  }
});

test("a buyer whose tickets were refunded no longer sees the online link", async ({ page }) => {
  const organizer = await apiUser("Organizadora Online");
  const sala = { name: "Sala", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] };
  const online = { isOnline: true, onlineUrl: "https://aula.exemplo.com/turma-9", venueName: undefined, city: undefined, uf: undefined };
  const eventId = await organizer.client.mutation(api.events.create, showInput(`Aula ${unique()}`, { ticketTypes: [sala], ...online }));
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Aluna");
  const form = page.getByRole("form", { name: "Comprar ingressos" });
  await form.getByRole("button", { name: "Comprar" }).click();
  await expectAlert(page, { title: "Compra confirmada!" });
  await closeAlert(page);
  const link = page.getByRole("link", { name: "https://aula.exemplo.com/turma-9" });
  await expect(link).toBeVisible();

  await organizer.client.mutation(api.events.cancel, { id: eventId });
  await expectWallet(page, "R$ 50,00");
  await expect(link).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("Cancelado · apoios devolvidos").first()).toBeVisible();
  await expect(link).toHaveCount(0);
});
