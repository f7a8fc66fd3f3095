import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, openUserMenu, signInLocally } from "./helpers/ui";

/** Reads the QR code in a PNG screenshot, as a phone camera would. */
function decodeQr(png: Buffer): string | null {
  const { data, width, height } = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(data), width, height)?.data ?? null;
}

async function screenshotAt(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.screenshot({ path, fullPage: true });
}

test("a ticket's QR code reads as its code, and the organizer checks it in once, live", async ({ browser }, testInfo) => {
  const organizer = await apiUser("Organizadora da Porta");
  const name = `Baile ${unique()}`;
  const eventId = await apiEvent(organizer, { name, isTicketed: true, minSupportCents: 100 });

  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await fan.goto(`/event/${eventId}`);
  await signInLocally(fan, "Fã da Porta");
  await fan.getByLabel("Valor do apoio").fill("1");
  await fan.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(fan, { title: "Sucesso!" });

  await openUserMenu(fan);
  await fan.getByRole("menuitem", { name: "Meus Ingressos" }).click();
  const ticket = fan.getByRole("dialog", { name: "Meus Ingressos" }).getByRole("listitem").filter({ hasText: name });
  await expect(ticket).toContainText("Válido");
  const code = (await ticket.locator(".ticket__code").textContent())!;
  expect(code).toMatch(/^[A-Z0-9]{9}$/);
  const qr = ticket.getByRole("img", { name: `QR code do ingresso ${code}` });
  expect(decodeQr(await qr.screenshot())).toBe(code);
  await screenshotAt(fan, 1280, testInfo.outputPath("meus-ingressos-1280.png"));
  await screenshotAt(fan, 375, testInfo.outputPath("meus-ingressos-375.png"));

  // The organizer at the door, on a phone, and a second device watching the counter.
  const doorContext = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const door = await doorContext.newPage();
  await door.goto(`/event/${eventId}`);
  await signInLocally(door, organizer.name, organizer.email);
  await door.getByRole("link", { name: "Validar ingressos" }).click();
  await expect(door).toHaveURL(new RegExp(`/event/${eventId}/checkin$`));
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(`/event/${eventId}/checkin`);
  await signInLocally(watcher, organizer.name, organizer.email);
  await expect(watcher.getByText("Presentes: 0 de 1")).toBeVisible();

  // Typed as a person might: lower case, with spaces.
  await door.getByLabel("Código do ingresso").fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("status").filter({ hasText: "Entrada liberada: Fã da Porta" })).toBeVisible();
  await expect(watcher.getByText("Presentes: 1 de 1")).toBeVisible();
  await expect(door.getByText("Presentes: 1 de 1")).toBeVisible();
  expect(await door.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await door.getByLabel("Código do ingresso").fill(code);
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("alert")).toHaveText(/^Ingresso já utilizado às \d{2}:\d{2}\.$/);
  await expect(watcher.getByText("Presentes: 1 de 1")).toBeVisible();
  await door.screenshot({ path: testInfo.outputPath("checkin-375.png"), fullPage: true });
  await screenshotAt(watcher, 1280, testInfo.outputPath("checkin-1280.png"));

  // The fan's ticket now shows it was used, and the fan cannot open the door screen.
  await expect(ticket).toContainText(/Utilizado às \d{2}:\d{2}/);
  await fan.goto(`/event/${eventId}/checkin`);
  await expect(fan.getByText("Apenas o organizador pode validar ingressos.")).toBeVisible();
  await expect(fan.getByLabel("Código do ingresso")).toHaveCount(0);

  await Promise.all([fanContext.close(), doorContext.close(), watcherContext.close()]);
});
