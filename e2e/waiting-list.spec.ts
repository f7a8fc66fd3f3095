import { expect, test, type Locator, type Page } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { seriousViolations } from "./helpers/axe";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, signInLocally } from "./helpers/ui";

/** One seat, no meia (a Tecnologia talk): one purchase sells it out. */
const palestra = { name: "Palestra", quantity: 1, meiaQuantity: 0, lotes: [{ priceCents: 1_000 }] };

test("a sold-out type: join the line, a purchase cancelled elsewhere holds the seat live for me, and I buy it", async ({ page }) => {
  const organizer = await apiUser("Organizadora");
  const eventId = await apiEvent(organizer, {
    name: `Palestra ${unique()}`,
    category: "Tecnologia",
    isTicketed: true,
    ticketTypes: [palestra],
  });
  const [type] = await organizer.client.query(api.ticketTypes.forEvent, { eventId });
  const first = await apiUser("Primeira Compradora");
  const { purchaseId } = await first.client.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId: type!._id,
    loteIndex: 0,
    unitPriceCents: 1_000,
    units: 1,
    meia: false,
  });

  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Caio na Fila");
  const ingressos = page.getByRole("region", { name: "Ingressos", exact: true });
  await expect(ingressos.getByRole("listitem", { name: "Palestra" })).toContainText("Esgotado");
  // Nothing on sale: no purchase form, the line instead.
  await expect(page.getByRole("form", { name: "Comprar ingressos" })).toHaveCount(0);
  const join = page.getByRole("form", { name: "Lista de espera" });
  await join.getByRole("button", { name: "Entrar na lista de espera" }).click();
  const place = page.getByRole("region", { name: "Sua posição na lista de espera" });
  await expect(place).toContainText("Você é o 1º da fila");
  await shoot(page, "lista-de-espera-na-fila", place);
  expect(await seriousViolations(page)).toEqual([]);

  // Someone else cancels: the seat is held for me, live, and still Esgotado for everyone else.
  await first.client.mutation(api.ticketPurchases.cancel, { purchaseId });
  const held = page.getByRole("region", { name: "Sua reserva na lista de espera" });
  await expect(held).toContainText(/Ingressos reservados para você até \d{2}:\d{2}/);
  await expect(place).toHaveCount(0);
  await expect(ingressos.getByRole("listitem", { name: "Palestra" })).toContainText("Esgotado");
  await shoot(page, "lista-de-espera-reservado", held);
  expect(await seriousViolations(page)).toEqual([]);
  await held.getByRole("button", { name: "Comprar" }).click();
  await expectAlert(page, { title: "Compra confirmada!" });
  await expect(page.getByText("Saldo: R$ 40,00")).toBeVisible();
  await expect(held).toHaveCount(0);
});

test("Máximo por pessoa: the organizer sets it in the ticket editor and the buy form says it", async ({ page }) => {
  await page.goto("/");
  const name = `Show limitado ${unique()}`;
  const organizerEmail = `${unique()}@e2e.test`;
  const organizer = await apiUser("Organizadora Limite", organizerEmail);
  const pista = { name: "Pista", quantity: 100, meiaQuantity: 40, lotes: [{ priceCents: 2_000 }] };
  const eventId = await apiEvent(organizer, { name, isTicketed: true, ticketTypes: [pista], maxTicketsPerPerson: 4 });
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Organizadora Limite", organizerEmail);
  await page.getByRole("button", { name: "Editar evento" }).click();
  const edit = page.getByRole("dialog");
  const limit = edit.getByLabel("Máximo por pessoa");
  await expect(limit).toHaveValue("4");
  await limit.fill("2");
  await shoot(page, "maximo-por-pessoa-editor", limit);
  await edit.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(edit).toHaveCount(0);
  const buy = page.getByRole("form", { name: "Comprar ingressos" });
  await expect(buy).toContainText("Limite de 2 ingressos por pessoa neste evento.");
  await expect(buy.getByLabel("Quantidade").locator("option")).toHaveCount(2);
});

/** The screen at 1280 and 375 px wide, for looking at (test-results/, out of git). */
async function shoot(page: Page, name: string, focus: Locator) {
  const size = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), animations: "disabled" });
  }
  if (size !== null) await page.setViewportSize(size);
}
