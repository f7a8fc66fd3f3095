import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import Papa from "papaparse";
import { api } from "../convex/_generated/api";
import { ATTENDEE_CSV_HEADER } from "../convex/model/shared/attendeeCsv";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { openUserMenu, signInLocally } from "./helpers/ui";
import { buyOnPage } from "./helpers/tickets";

const camarote = { name: "Camarote", quantity: 2, meiaQuantity: 0, lotes: [{ priceCents: 1_500 }] };
const pista = {
  name: "Pista",
  quantity: 10,
  meiaQuantity: 5,
  lotes: [{ priceCents: 1_000, quantity: 5 }, { priceCents: 1_200 }],
};

test("a buyer buys 2 meia and the tickets say their category", async ({ page }) => {
  const organizer = await apiUser("Organizadora");
  const eventId = await apiEvent(organizer, { name: `Show ${unique()}`, isTicketed: true, ticketTypes: [pista, camarote] });
  await page.goto(`/event/${eventId}`);
  const block = page.getByRole("region", { name: "Ingressos" });
  await expect(block.getByRole("listitem", { name: "Pista" })).toContainText("1º lote: R$ 10,00");
  // The type has 10 left (5 inteira + 5 meia), its 1º lote 5 of them.
  await expect(block.getByRole("listitem", { name: "Pista" })).toContainText("Restam 10");
  await expect(block.getByRole("listitem", { name: "Pista" })).toContainText("restam 5 neste lote");
  await signInLocally(page, "Bia Estudante");
  await buyOnPage(page, { type: "Pista", units: 2, meiaCategory: "estudante" });
  await expect(page.getByText("Saldo: R$ 40,00")).toBeVisible();
  await expect(block.getByRole("listitem", { name: "Pista" })).toContainText("Restam 8");

  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Meus Ingressos" }).click();
  const tickets = page.getByRole("dialog").getByRole("listitem");
  await expect(tickets).toHaveCount(2);
  for (const ticket of await tickets.all()) await expect(ticket).toContainText("Pista · 1º lote · Meia-entrada (estudante)");
});

test("two browsers: one buys the last units while the other sees Esgotado appear live", async ({ page, browser }) => {
  const organizer = await apiUser("Organizador");
  const eventId = await apiEvent(organizer, { name: `Show lotado ${unique()}`, isTicketed: true, ticketTypes: [pista, camarote] });
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(`/event/${eventId}`);
  const watched = watcher.getByRole("region", { name: "Ingressos" }).getByRole("listitem", { name: "Camarote" });
  await expect(watched).toContainText("Restam 2");

  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Quem Chegou Primeiro");
  await buyOnPage(page, { type: "Camarote", units: 2 });
  await expect(watched).toContainText("Esgotado");
  await expect(watcher.getByRole("form", { name: "Comprar ingressos" }).getByRole("option", { name: "Camarote" })).toBeDisabled();
  await watcherContext.close();
});

test("an online event's link is hidden until the purchase", async ({ page }) => {
  const organizer = await apiUser("Organizadora Online");
  const eventId = await apiEvent(organizer, {
    name: `Workshop ${unique()}`,
    isTicketed: true,
    isOnline: true,
    onlineUrl: "https://aula.exemplo.com/turma-7",
    venueName: undefined,
    city: undefined,
    uf: undefined,
    ticketTypes: [pista],
  });
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Aluno");
  const link = page.getByRole("link", { name: "https://aula.exemplo.com/turma-7" });
  await expect(page.getByRole("region", { name: "Ingressos" })).toBeVisible();
  await expect(link).toHaveCount(0);
  await buyOnPage(page, { type: "Pista", units: 1 });
  await expect(link).toBeVisible();
});

test("the organizer sees the attendee list and downloads it as a CSV that opens as the list", async ({ page }) => {
  const email = `${unique()}@e2e.test`;
  const name = `Festival ${unique()}`;
  const buyer = await apiUser("Caio Comprador", `caio-${unique()}@e2e.test`);
  await page.goto("/");
  await signInLocally(page, "Organizadora da Lista", email);
  const organizer = await apiUser("Organizadora da Lista", email);
  const eventId = await apiEvent(organizer, { name, isTicketed: true, ticketTypes: [pista, camarote] });
  const { purchaseId } = await buyer.client.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId: await firstTypeId(organizer, eventId),
    loteIndex: 0,
    unitPriceCents: 500,
    units: 2,
    meia: true,
    meiaCategory: "idoso",
  });
  expect(purchaseId).toBeTruthy();

  await page.goto(`/event/${eventId}`);
  const list = page.getByRole("region", { name: "Lista de participantes" });
  await expect(list.getByRole("row", { name: /^Pista/ })).toContainText("2 de 10");
  const download = page.waitForEvent("download");
  await list.getByRole("button", { name: "Baixar lista (CSV)" }).click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(bytes.toString("utf8").slice(1), { delimiter: ";", skipEmptyLines: true });
  // The header the app writes, from its one definition (a copy here would drift from it).
  expect(parsed.data[0]).toEqual(ATTENDEE_CSV_HEADER);
  expect(parsed.data[0]).toContain("Inteira/Meia");
  expect(parsed.data).toHaveLength(3);
  for (const row of parsed.data.slice(1)) {
    expect(row.slice(0, 8)).toEqual(["Caio Comprador", buyer.email, "Pista", "1º lote", "Meia", "pessoa idosa", "R$ 5,00", "válido"]);
    expect(row[8]).toMatch(/^[A-Z0-9]{9}$/);
  }
});

async function firstTypeId(user: Awaited<ReturnType<typeof apiUser>>, eventId: string): Promise<string> {
  const types = await user.client.query(api.ticketTypes.forEvent, { eventId });
  return types[0]!._id;
}

test("30 buyers at once through the local backend for 10 tickets: exactly 10 sold, the rest refunded with Esgotado's message", async () => {
  const organizer = await apiUser("Organizadora do Rush");
  const eventId = await apiEvent(organizer, {
    name: `Rush ${unique()}`,
    isTicketed: true,
    ticketTypes: [{ name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] }],
  });
  const [type] = await organizer.client.query(api.ticketTypes.forEvent, { eventId });
  const buyers = await Promise.all(Array.from({ length: 30 }, (_, i) => apiUser(`Comprador ${i}`)));
  const answers = await Promise.allSettled(
    buyers.map((buyer, i) =>
      buyer.client.mutation(api.ticketPurchases.buy, {
        eventId,
        typeId: type!._id,
        loteIndex: 0,
        unitPriceCents: i % 2 === 0 ? 500 : 1_000,
        units: 1,
        meia: i % 2 === 0,
        ...(i % 2 === 0 ? { meiaCategory: "estudante" } : {}),
      }),
    ),
  );
  const outcomesNow = () =>
    Promise.all(
      answers.map((answer, i) =>
        answer.status === "fulfilled"
          ? buyers[i]!.client.query(api.ticketPurchases.outcome, { purchaseId: answer.value.purchaseId })
          : null,
      ),
    );
  // The queue decides a moment after the answers: wait until none is pending.
  await expect
    .poll(async () => (await outcomesNow()).filter((outcome) => outcome?.status === "pending").length, { timeout: 30_000 })
    .toBe(0);
  const decided = await outcomesNow();
  expect(decided.filter((outcome) => outcome?.status === "issued")).toHaveLength(10);
  for (const outcome of decided) if (outcome?.status === "refunded") expect(outcome.refusal).toMatch(/esgotad/);
  const [summary] = await organizer.client.query(api.attendees.summary, { eventId });
  expect(summary).toMatchObject({ sold: 10, meia: 4 });
});

test("the ticket types form, Ingressos with a sold-out type, a meia ticket and the attendee list at 1280px and 375px: screenshots", async ({
  browser,
}) => {
  const shots = "e2e/screenshots";
  for (const width of [1280, 375]) {
    const email = `${unique()}@e2e.test`;
    const organizer = await apiUser("Organizadora Telas", email);
    const eventId = await apiEvent(organizer, { name: `Festival de Verão ${width}`, isTicketed: true, ticketTypes: [pista, camarote] });
    const [pistaType, camaroteType] = await organizer.client.query(api.ticketTypes.forEvent, { eventId });
    const fan = await apiUser(`Fã ${width}`);
    await fan.client.mutation(api.ticketPurchases.buy, {
      eventId,
      typeId: camaroteType!._id,
      loteIndex: 0,
      unitPriceCents: 1_500,
      units: 2,
      meia: false,
    });

    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`/event/${eventId}`);
    await signInLocally(page, `Estudante ${width}`);
    await expect(page.getByRole("listitem", { name: "Camarote" })).toContainText("Esgotado");
    await buyOnPage(page, { type: "Pista", units: 2, meiaCategory: "estudante" });
    await page.getByRole("region", { name: "Ingressos" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/ingressos-${width}.png`, animations: "disabled" });
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Meus Ingressos" }).click();
    await expect(page.getByRole("dialog").getByRole("listitem")).toHaveCount(2);
    await page.screenshot({ path: `${shots}/ingresso-meia-${width}.png`, animations: "disabled" });
    await context.close();

    const organizerContext = await browser.newContext({ viewport: { width, height: 900 } });
    const organizerPage = await organizerContext.newPage();
    await organizerPage.goto(`/event/${eventId}`);
    await signInLocally(organizerPage, "Organizadora Telas", email);
    const list = organizerPage.getByRole("region", { name: "Lista de participantes" });
    await expect(list.getByRole("row", { name: /^Pista/ })).toContainText("2 de 10");
    await list.scrollIntoViewIfNeeded();
    await organizerPage.screenshot({ path: `${shots}/lista-participantes-${width}.png`, animations: "disabled" });
    await organizerPage.getByRole("button", { name: "Editar evento" }).click();
    await organizerPage.getByRole("dialog").getByRole("group", { name: "Tipo 1" }).scrollIntoViewIfNeeded();
    await organizerPage.screenshot({ path: `${shots}/tipos-de-ingresso-${width}.png`, animations: "disabled" });
    expect(pistaType).toBeDefined();
    await organizerContext.close();
  }
});
