import { expect, test, type Page } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { seriousViolations } from "./helpers/axe";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { shoot } from "./helpers/tickets";
import { expectAlert, signInLocally } from "./helpers/ui";

const HOUR = 60 * 60 * 1000;
/** Two seats of a Tecnologia talk (no meia required). */
const palestra = { name: "Palestra", quantity: 2, meiaQuantity: 0, lotes: [{ priceCents: 1_000 }] };

const room = (page: Page) => page.getByRole("region", { name: "Sala de espera" });
const buyForm = (page: Page) => page.getByRole("form", { name: "Comprar ingressos" });

async function buyMyTurn(page: Page) {
  await expect(room(page)).toContainText(/Sua vez! Você pode comprar até \d{2}:\d{2}/);
  await buyForm(page).getByRole("button", { name: "Comprar" }).click();
  await expectAlert(page, { title: "Compra confirmada!" });
}

test("three people: two in the room before the opening, one after; the draw; turns in order; the last sees Esgotado live", async ({
  browser,
}) => {
  const organizer = await apiUser("Organizadora da Estreia");
  const eventId = await apiEvent(organizer, {
    name: `Estreia ${unique()}`,
    category: "Tecnologia",
    isTicketed: true,
    ticketTypes: [palestra],
  });
  // One place a tick (12 a minute), opening in an hour: moved to now once both are in the room.
  await organizer.client.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + HOUR, perMinute: 12 });

  const [ana, beto, caio] = await Promise.all([0, 1, 2].map(async () => (await browser.newContext()).newPage()));
  const emails = [0, 1, 2].map(() => `${unique()}@e2e.test`);
  const caioEmail = emails[2]!;
  for (const [page, name, email] of [
    [ana!, "Ana na Sala", emails[0]!],
    [beto!, "Beto na Sala", emails[1]!],
  ] as const) {
    await page.goto(`/event/${eventId}`);
    await signInLocally(page, name, email);
    await expect(room(page)).toContainText(/As vendas abrem em \d{2}:\d{2}/);
    // Waiting pages show no stock and no form: nothing there moves with every sale.
    await expect(buyForm(page)).toHaveCount(0);
    await room(page).getByRole("button", { name: "Entrar na sala de espera" }).click();
    await expect(room(page)).toContainText("Você está na sala de espera.");
  }
  await shoot(ana!, "sala-de-espera-antes", room(ana!));
  expect(await seriousViolations(ana!)).toEqual([]);
  // A second tab of the same account shares the place.
  const anaTab = await ana!.context().newPage();
  await anaTab.goto(`/event/${eventId}`);
  await expect(room(anaTab)).toContainText("Você está na sala de espera.");

  await organizer.client.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + 1_000, perMinute: 12 });
  // The draw gives Ana and Beto places 1 and 2 (in either order); Caio, arriving after, gets 3.
  await expect(room(ana!)).toContainText(/Você é o Nº [12] · cerca de 1 min|Sua vez!/);
  await expect(room(anaTab)).toContainText(/Você é o Nº [12] · cerca de 1 min|Sua vez!/);
  await caio!.goto(`/event/${eventId}`);
  await signInLocally(caio!, "Caio Atrasado", caioEmail);
  await room(caio!).getByRole("button", { name: "Entrar na sala de espera" }).click();
  await expect(room(caio!)).toContainText(/Você é o Nº 3 · cerca de 1 min|Sua vez!/);
  const places = await Promise.all(
    emails.map(async (email) => (await apiUser("Na Sala", email)).client.query(api.waitingRoom.mine, { eventId })),
  );
  expect(places.map((place) => place!.place).sort()).toEqual([1, 2, 3]);
  expect(places[2]!.place).toBe(3);
  const [first, second] = places[0]!.place === 1 ? [ana!, beto!] : [beto!, ana!];

  await expect(room(first)).toContainText(/Sua vez! Você pode comprar até \d{2}:\d{2}/);
  await shoot(first, "sala-de-espera-sua-vez", room(first));
  await buyMyTurn(first);
  await buyMyTurn(second);
  // Turns came in place order.
  const turns = await Promise.all(
    emails.map(async (email) => (await apiUser("Na Sala", email)).client.query(api.waitingRoom.mine, { eventId })),
  );
  const byPlace = [...turns].sort((a, b) => a!.place! - b!.place!);
  expect(byPlace[0]!.turnEndsAt!).toBeLessThan(byPlace[1]!.turnEndsAt!);
  // The last ticket sold: the room says Esgotado to Caio, live, and offers the waiting list.
  await expect(room(caio!)).toContainText("Esgotado");
  await expect(caio!.getByRole("form", { name: "Lista de espera" })).toBeVisible();
  await shoot(caio!, "sala-de-espera-esgotado", room(caio!));
  expect(await seriousViolations(caio!)).toEqual([]);
});

test("a late arrival's place and its estimate, live: `Você é o Nº 11 · cerca de 11 min` at one a minute", async ({ page }) => {
  const organizer = await apiUser("Organizadora da Fila");
  const eventId = await apiEvent(organizer, {
    name: `Fila ${unique()}`,
    category: "Tecnologia",
    isTicketed: true,
    ticketTypes: [palestra],
  });
  await organizer.client.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + HOUR, perMinute: 1 });
  const early = await Promise.all(Array.from({ length: 10 }, (_, i) => apiUser(`Na sala ${i}`)));
  for (const person of early) await person.client.mutation(api.waitingRoom.join, { eventId });
  await organizer.client.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + 1_000, perMinute: 1 });
  await expect.poll(async () => (await organizer.client.query(api.waitingRoom.status, { eventId }))?.status).toBe("open");

  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Quem Chegou Depois");
  await room(page).getByRole("button", { name: "Entrar na sala de espera" }).click();
  // Ten drawn places ahead, one let in a minute: eleven minutes (ten once the first is let in).
  await expect(room(page)).toContainText(/Você é o Nº 11 · cerca de 1[01] min/);
  await shoot(page, "sala-de-espera-posicao", room(page));
  expect(await seriousViolations(page)).toEqual([]);
});

test("the organizer sets Abertura das vendas with Sala de espera on the event page", async ({ page }) => {
  const email = `${unique()}@e2e.test`;
  const organizer = await apiUser("Organizadora do Formulário", email);
  const eventId = await apiEvent(organizer, {
    name: `Abertura ${unique()}`,
    category: "Tecnologia",
    isTicketed: true,
    ticketTypes: [palestra],
  });
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Organizadora do Formulário", email);
  const form = page.getByRole("form", { name: "Abertura das vendas" });
  await form.getByLabel("Sala de espera").check();
  const opening = new Date(Date.now() + 2 * 24 * HOUR);
  const two = (n: number) => String(n).padStart(2, "0");
  const day = `${opening.getFullYear()}-${two(opening.getMonth() + 1)}-${two(opening.getDate())}`;
  const typed = `${day}T${two(opening.getHours())}:${two(opening.getMinutes())}`;
  await form.getByLabel("Abertura das vendas").fill(typed);
  await form.getByLabel("Entradas por minuto").fill("300");
  await shoot(page, "abertura-das-vendas", form);
  await form.getByRole("button", { name: "Salvar abertura" }).click();
  await expectAlert(page, { title: "Abertura salva" });
  // Everyone now meets the room before the opening, the organizer too.
  await expect(room(page)).toContainText(/As vendas abrem em 1 d \d{2}:\d{2}:\d{2}|As vendas abrem em 2 d/);
  const status = await organizer.client.query(api.waitingRoom.status, { eventId });
  // The time typed is read on the browser's clock (São Paulo).
  const typedAt = await page.evaluate((text) => new Date(text).getTime(), typed);
  expect(status).toMatchObject({ status: "waiting", opensAt: typedAt });
  expect(await seriousViolations(page)).toEqual([]);
});
