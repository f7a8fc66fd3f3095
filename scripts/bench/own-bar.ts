/**
 * Click → own bar moved: the supporter's own event page, in Chromium, on a production build
 * of the app against the local backend (its own process). Each sample is the time from the
 * APOIE click to the progress bar showing the new amount, timed inside the page (the click
 * listener and a MutationObserver on the bar's aria-valuetext, both on performance.now()).
 * The optimistic update moves the bar before the server answers; the outcome's alert is then
 * closed and the next support made. Several people take turns (the supports limit: 20 a
 * minute each), each in a browser context of their own.
 */
import { chromium, type Page } from "@playwright/test";
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { eventInput } from "../../test-kit/event-input";
import { localSignInToken } from "../../test-kit/local-sign-in";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";
import { percentiles } from "./latency";
import { startLocalBackendProcess } from "./local-backend-process";
import { startProductionApp } from "./production-app";

export const OWN_BAR_PEOPLE = 4;
export const OWN_BAR_SUPPORTS_EACH = 16;
/** Each person's first supports are not recorded (first renders, JIT). */
const WARMUP_EACH = 2;

export type OwnBar = { samples: number; p50: number; p95: number; p99: number };

/** Signs in through the header's local sign-in dialog, as a person does. */
async function signInLocally(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Entrar (modo local)" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill(name);
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Entrar" }).click();
  await page.getByRole("button", { name: "Abrir menu do usuário" }).waitFor();
}

/** One support from the page: the ms from the click until the bar's text changed. */
async function timedClick(page: Page): Promise<number> {
  await page.getByLabel("Valor do apoio").fill("0,01");
  await page.evaluate(() => {
    const bar = document.querySelector('[role="progressbar"]')!;
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "APOIE")!;
    const before = bar.getAttribute("aria-valuetext");
    const timing = { clicked: 0, moved: 0 };
    (window as unknown as { ownBar: typeof timing }).ownBar = timing;
    button.addEventListener("click", () => (timing.clicked = performance.now()), { once: true, capture: true });
    const observer = new MutationObserver(() => {
      if (bar.getAttribute("aria-valuetext") === before) return;
      timing.moved = performance.now();
      observer.disconnect();
    });
    observer.observe(bar, { attributes: true, attributeFilter: ["aria-valuetext"] });
  });
  await page.getByRole("button", { name: "APOIE" }).click();
  const took = await page.waitForFunction(() => {
    const timing = (window as unknown as { ownBar: { clicked: number; moved: number } }).ownBar;
    return timing.moved > 0 ? timing.moved - timing.clicked : null;
  });
  const alert = page.getByRole("alertdialog");
  await alert.getByRole("button", { name: "OK" }).click();
  await alert.waitFor({ state: "hidden" });
  return (await took.jsonValue()) as number;
}

export async function measureOwnBar(log: (message: string) => void = () => {}): Promise<OwnBar> {
  const backend = await startLocalBackendProcess();
  const app = await startProductionApp(backend.url);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const creator = new ConvexHttpClient(backend.url);
    creator.setAuth(await localSignInToken(creator, "Criadora", "criadora-barra@bench.example"));
    const eventId = await creator.mutation(
      api.events.create,
      eventInput({ name: "Barra Própria", category: "Música", goalCents: 1_000_000, minSupportCents: 1 }),
    );
    const samples: number[] = [];
    for (let person = 0; person < OWN_BAR_PEOPLE; person++) {
      log(`own bar: person ${person + 1} of ${OWN_BAR_PEOPLE}`);
      const context = await browser.newContext({ baseURL: app.url, locale: "pt-BR" });
      const page = await context.newPage();
      await page.goto(`/event/${eventId}`);
      await signInLocally(page, `Apoiadora ${person}`, `apoiadora-barra-${person}@bench.example`);
      await page.getByText(/Seu saldo: R\$ 50,00/).waitFor();
      for (let i = 0; i < OWN_BAR_SUPPORTS_EACH; i++) {
        const took = await timedClick(page);
        if (i >= WARMUP_EACH) samples.push(took);
      }
      await context.close();
    }
    return { samples: samples.length, ...percentiles(samples) };
  } finally {
    await browser.close();
    app.stop();
    backend.stop();
  }
}
