import { expect, test } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { isoDate, openUserMenu, signInLocally } from "./helpers/ui";

test("create with description and place, edit it live for another browser, share the preview link", async ({ browser }) => {
  const name = `Sarau na Praça ${unique()}`;
  const city = `Paraty ${unique()}`;
  const creatorContext = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const [creator, viewer] = [await creatorContext.newPage(), await (await browser.newContext()).newPage()];

  await creator.goto("/");
  await signInLocally(creator, "Rita Organizadora");
  await openUserMenu(creator);
  await creator.getByRole("menuitem", { name: "Criar Evento" }).click();
  const form = creator.getByRole("dialog");
  await form.getByLabel("Nome do evento").fill(name);
  await form.getByLabel("Categoria").selectOption("Entretenimento");
  await form.getByLabel("Sobre o evento (opcional)").fill("Leituras abertas ao pôr do sol.\nInscrições: https://exemplo.com.br/sarau");
  await form.getByLabel("Data", { exact: true }).fill(isoDate(12));
  await form.getByLabel("Horário").fill("18:00");
  await form.getByLabel("Local").fill("Praça da Matriz");
  await form.getByLabel("Cidade").fill(city);
  await form.getByLabel("UF").selectOption("RJ");
  await form.getByLabel("Meta (R$)").fill("800");
  await form.getByLabel("Apoio mínimo (R$)").fill("10");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(creator.getByText("Evento criado com sucesso.")).toBeVisible();
  await expect(creator.getByLabel("Nome do evento")).toHaveCount(0);

  // The card shows the city; the page shows the place and the description, its link clickable.
  await creator.getByRole("search").getByLabel("Cidade").fill(city.toUpperCase());
  const card = creator.getByRole("article").filter({ has: creator.getByRole("link", { name }) });
  await expect(card).toContainText(`${city}/RJ`);
  await card.getByRole("link", { name }).click();
  await expect(creator.getByText(`Praça da Matriz · ${city}/RJ`)).toBeVisible();
  const about = creator.getByRole("region", { name: "Sobre o evento" });
  await expect(about).toContainText("Leituras abertas ao pôr do sol.");
  await expect(about.getByRole("link", { name: "https://exemplo.com.br/sarau" })).toHaveAttribute("href", "https://exemplo.com.br/sarau");

  // Another browser watches while the creator edits: the new description arrives live.
  await viewer.goto(creator.url());
  await expect(viewer.getByRole("region", { name: "Sobre o evento" })).toContainText("Leituras abertas");
  await expect(viewer.getByRole("button", { name: "Editar evento" })).toHaveCount(0);
  await creator.getByRole("button", { name: "Editar evento" }).click();
  const edit = creator.getByRole("dialog", { name: "Editar evento" });
  await edit.getByLabel("Sobre o evento (opcional)").fill("Agora com microfone aberto e música ao vivo.");
  await edit.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(edit).toBeHidden();
  await expect(viewer.getByRole("region", { name: "Sobre o evento" })).toContainText("Agora com microfone aberto e música ao vivo.");

  // Compartilhar: no share sheet in this browser, so Copiar link and WhatsApp.
  await creator.getByRole("button", { name: "Compartilhar" }).click();
  await creator.getByRole("button", { name: "Copiar link" }).click();
  await expect(creator.getByText("Link copiado!")).toBeVisible();
  const shareUrl = await creator.evaluate(() => navigator.clipboard.readText());
  const eventId = new URL(creator.url()).pathname.split("/").at(-1)!;
  expect(shareUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/e/${eventId}$`));
  await expect(creator.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
    "href",
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(shareUrl)}`),
  );

  // What WhatsApp's crawler reads at that link, and where a browser lands.
  const response = await creator.request.get(shareUrl, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<meta property="og:title" content="${name}">`);
  expect(html).toMatch(new RegExp(`<meta property="og:description" content="[^"]*${city}/RJ · 0% da meta[^"]*Agora com microfone aberto`));
  expect(html).toContain(`<meta property="og:url" content="${shareUrl}">`);
  expect(html).toContain(`<meta name="twitter:card" content="summary">`);
  await viewer.goto(shareUrl);
  await expect(viewer).toHaveURL(new RegExp(`/event/${eventId}$`));
  await expect(viewer.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("the home lists upcoming events only, filters by city, and Mostrar encerrados shows the finished ones", async ({ page }) => {
  const city = `Tiradentes ${unique()}`;
  const creator = await apiUser("Caio Criador");
  const open = `Festival de Inverno ${unique()}`;
  const cancelled = `Serenata Cancelada ${unique()}`;
  await apiEvent(creator, { name: open, city, uf: "MG" });
  await apiEvent(creator, { name: `Feira em outra cidade ${unique()}`, city: "Ouro Preto", uf: "MG" });
  const cancelledId = await apiEvent(creator, { name: cancelled, city, uf: "MG" });
  await creator.client.mutation(api.events.cancel, { id: cancelledId });

  await page.goto(`/?cidade=${encodeURIComponent(city.toLowerCase())}`);
  const grid = page.getByRole("list", { name: "Eventos" });
  await expect(grid.getByRole("article")).toHaveCount(1);
  await expect(grid).toContainText(open);

  // A click, then the state: the box is checked once the address changes (a router transition), not at the click itself.
  await page.getByLabel("Mostrar encerrados").click();
  await expect(page.getByLabel("Mostrar encerrados")).toBeChecked();
  await expect(page).toHaveURL(/encerrados=1/);
  await expect(grid.getByRole("article")).toHaveCount(1);
  await expect(grid).toContainText(cancelled);
  await expect(grid).toContainText("Cancelado · apoios devolvidos");

  // A finished event's page tells how it ended instead of offering the support form.
  await grid.getByRole("link", { name: cancelled }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Cancelado · apoios devolvidos" })).toBeVisible();
  await expect(page.getByLabel("Valor do apoio")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "APOIE" })).toHaveCount(0);
});

test("a shipped poster's preview image is a JPEG the app serves to crawlers", async ({ request }) => {
  // Link previews name the JPEG twin of a shipped SVG poster: WhatsApp and Facebook draw no SVG.
  const response = await request.get("/images/events/jazz.jpg");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  const body = await response.body();
  expect([body[0], body[1]]).toEqual([0xff, 0xd8]);
  expect((await request.get("/robots.txt")).status()).toBe(200);
});
