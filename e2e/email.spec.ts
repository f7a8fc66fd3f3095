import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { buyOnPage, openMyTickets } from "./helpers/tickets";
import { acceptTerms, signInLocally } from "./helpers/ui";

const mailbox = () => process.env.E2E_MAIL_SANDBOX_URL!;
const pista = { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] };

/** Opens the local mailbox's inbox for `to` and the e-mail whose subject starts with `subject`, waiting for it to arrive. */
async function openEmail(page: Page, to: string, subject: string) {
  const link = page.getByRole("link", { name: new RegExp(`^${subject}`) });
  await expect(async () => {
    await page.goto(`${mailbox()}/?to=${encodeURIComponent(to)}`);
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await link.click();
  await expect(page.getByRole("heading", { level: 2 })).toContainText(subject);
  return page.frameLocator('iframe[title="Conteúdo do e-mail"]');
}

test("buy a ticket, find its e-mail in the local mailbox, decode the QR to the ticket's code, follow the link to the event", async ({
  page,
}) => {
  const organizer = await apiUser("Organizadora");
  const name = `Show ${unique()}`;
  const eventId = await apiEvent(organizer, { name, isTicketed: true, ticketTypes: [pista] });
  await page.goto(`/event/${eventId}`);
  const email = await signInLocally(page, "Ana Compradora");
  await buyOnPage(page, { type: "Pista" });
  const tickets = await openMyTickets(page);
  const code = (await tickets.locator(".ticket__code").first().innerText()).trim();
  await page.keyboard.press("Escape");

  const frame = await openEmail(page, email, `${name}: seu ingresso`);
  await expect(frame.getByRole("heading", { name: "Seu ingresso" })).toBeVisible();
  await expect(frame.getByText("Entrada: Inteira")).toBeVisible();
  await expect(frame.getByText("Preço: R$ 10,00")).toBeVisible();
  const image = frame.getByRole("img", { name: /QR code do ingresso/ });
  const src = await image.getAttribute("src");
  const png = PNG.sync.read(Buffer.from(await (await page.request.get(new URL(src!, mailbox()).href)).body()));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  expect(decoded).toBeDefined();
  expect(code).toContain(decoded!);
  await expect(frame.getByText(decoded!, { exact: true })).toBeVisible();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 1400 });
    await page.screenshot({ path: test.info().outputPath(`email-compra-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await frame.getByRole("link", { name: "Ver o evento" }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}$`));
  await expect(page.getByRole("heading", { name })).toBeVisible();
});

test("sign in with an e-mail code read from the local mailbox", async ({ page, context }) => {
  const email = `${unique()}@e2e.test`;
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Entrar com e-mail" }).click();
  const dialog = page.getByRole("dialog", { name: "Entrar com e-mail" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Enviar código" }).click();
  await expect(dialog).toContainText(`Enviamos um código para ${email}`);

  const inbox = await context.newPage();
  await openEmail(inbox, email, "Seu código para entrar no Apoie");
  const code = /Código: (\d{8})/.exec(await inbox.getByTestId("email-text").innerText())?.[1];
  expect(code).toMatch(/^\d{8}$/);

  await dialog.getByLabel("Código").fill("00000000" === code ? "11111111" : "00000000");
  await dialog.getByRole("button", { name: "Entrar" }).click();
  await expect(dialog).toContainText("Código errado, expirado ou já usado.");
  await dialog.getByLabel("Código").fill(code!);
  await dialog.getByRole("button", { name: "Entrar" }).click();
  await acceptTerms(page);
  // A new account, with the welcome wallet.
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toContainText("R$ 50,00");
});
