/**
 * `npx tsx scripts/readme-screenshots.ts`: the README's screenshots of the main screens, at
 * 1280 and 375 px wide, into docs/screenshots/. It starts the local backend with its demo data
 * and a production build (as the Lighthouse bench does), signs in locally, supports a demo
 * event, writes in the chat and has an organizer put an event on sale by ticket types, then
 * photographs each screen.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
import { ConvexHttpClient } from "convex/browser";
import { api } from "../convex/_generated/api";
import { withDemoApp } from "./bench/production-app";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";
import { eventInput } from "../test-kit/event-input";
import { localSignInToken } from "../test-kit/local-sign-in";
import { DAY } from "../test-kit/time";

const OUT_DIR = fileURLToPath(new URL("../docs/screenshots/", import.meta.url));
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;
const PERSON = { name: "Marina Costa", email: "marina@exemplo.com" };
const VISIBLE = { state: "visible", timeout: 60_000 } as const;

async function signIn(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Entrar (modo local)" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill(PERSON.name);
  await dialog.getByLabel("E-mail").fill(PERSON.email);
  await dialog.getByRole("button", { name: "Entrar" }).click();
  await page.getByRole("button", { name: "Abrir menu do usuário" }).waitFor(VISIBLE);
}

async function shoot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${OUT_DIR}${name}.png`, animations: "disabled", fullPage });
  process.stderr.write(`[screenshots] ${name}.png\n`);
}

type ScreenIds = { eventId: string; ownEventId: string; ticketedEventId: string };

/** An organizer's event sold by ticket types, lotes and meia-entrada (the Ingressos block). */
async function ticketedEvent(convexUrl: string): Promise<string> {
  const organizer = new ConvexHttpClient(convexUrl);
  organizer.setAuth(await localSignInToken(organizer, "Coletivo Pé de Serra", "coletivo@exemplo.com"));
  return await organizer.mutation(
    api.events.create,
    eventInput({
      name: "Forró Pé de Serra na Vila",
      category: "Música",
      startsAt: new Date(Date.now() + 20 * DAY).setHours(21, 0, 0, 0),
      goalCents: 150_000,
      minSupportCents: 2_000,
      isTicketed: true,
      venueName: "Vila Madalena",
      city: "São Paulo",
      uf: "SP",
      ticketTypes: [
        { name: "Pista", quantity: 200, meiaQuantity: 80, lotes: [{ priceCents: 4_000, quantity: 100 }, { priceCents: 5_000 }] },
        { name: "Camarote", quantity: 30, meiaQuantity: 12, lotes: [{ priceCents: 12_000 }] },
      ],
    }),
  );
}

/** A demo event the person supports and chats in, with a Novidade from its creator. */
async function prepare(convexUrl: string): Promise<ScreenIds> {
  const client = new ConvexHttpClient(convexUrl);
  const events = await client.query(api.events.list, { paginationOpts: { numItems: 24, cursor: null } });
  const event = events.page.find((candidate) => candidate.name === "Noite de Samba no Bar do Zé") ?? events.page[0];
  if (event === undefined) throw new Error("the demo data has no events");
  client.setAuth(await localSignInToken(client, PERSON.name, PERSON.email));
  await client.mutation(api.supports.support, { eventId: event._id, amountCents: 1_500 });
  // The event's queue applies the support a moment later; the chat opens to supporters then.
  for (let waited = 0; !(await client.query(api.supports.mine, { eventId: event._id })).supported; waited += 100) {
    if (waited > 60_000) throw new Error("the support was never applied");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.mutation(api.chat.send, { eventId: event._id, body: "Alguém vai de carona saindo do centro? Tenho duas vagas." });
  const ownEventId = await client.mutation(
    api.events.create,
    eventInput({
      name: "Roda de Choro no Mercado",
      description: "Uma tarde de choro com músicos da cidade. Traga sua cadeira!",
      startsAt: new Date(Date.now() + 15 * DAY).setHours(19, 0, 0, 0),
      goalCents: 80_000,
      minSupportCents: 1_000,
      venueName: "Mercado da Boa Vista",
      city: "Recife",
      uf: "PE",
    }),
  );
  return { eventId: event._id, ownEventId, ticketedEventId: await ticketedEvent(convexUrl) };
}

async function screens(browser: Browser, appUrl: string, ids: ScreenIds) {
  for (const [label, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport, locale: "pt-BR", timezoneId: "America/Sao_Paulo", baseURL: appUrl });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: /Noite de Samba/ }).waitFor(VISIBLE);
    await shoot(page, `home-${label}`);

    await page.goto(`/event/${ids.eventId}`);
    await signIn(page);
    await page.getByRole("heading", { name: "Evolução dos apoios" }).waitFor(VISIBLE);
    await shoot(page, `event-${label}`);

    await page.goto(`/event/${ids.ticketedEventId}`);
    const tickets = page.getByRole("region", { name: "Ingressos" });
    await tickets.getByRole("listitem", { name: "Camarote" }).waitFor(VISIBLE);
    await tickets.scrollIntoViewIfNeeded();
    await shoot(page, `ingressos-evento-${label}`);

    await page.goto(`/chat/${ids.eventId}`);
    await page.getByText("Alguém vai de carona").waitFor(VISIBLE);
    await shoot(page, `chat-${label}`);

    await page.goto(`/event/${ids.ownEventId}`);
    await page.getByRole("button", { name: "Abrir menu do usuário" }).click();
    await page.getByRole("menuitem", { name: "Extrato" }).click();
    await page.getByRole("dialog", { name: "Extrato" }).getByRole("listitem").first().waitFor(VISIBLE);
    await shoot(page, `extrato-${label}`);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Cancelar evento" }).click();
    await page.getByRole("alertdialog", { name: "Cancelar evento" }).waitFor(VISIBLE);
    if (label === "phone") await shoot(page, "cancelar-evento-phone");
    await page.getByRole("button", { name: "Manter evento" }).click();
    await context.close();
  }
}

mkdirSync(OUT_DIR, { recursive: true });
await withDemoApp(async ({ convexUrl, appUrl }) => {
  const ids = await prepare(convexUrl);
  // --lang: the date fields' placeholder (dd/mm/aaaa) follows the browser's language, given its
  // pt-BR locale files (Debian's chromium-l10n); without them Chromium shows mm/dd/yyyy.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, "--lang=pt-BR"] });
  try {
    await screens(browser, appUrl, ids);
  } finally {
    await browser.close();
  }
});
