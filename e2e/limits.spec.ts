import { expect, test } from "@playwright/test";
import { apiEvent, apiSupport, apiUser, unique, useUpRateLimit } from "./helpers/backend";
import { signInLocally } from "./helpers/ui";

// Two months out: these events stay off the home page's first page, which other specs read.
const later = () => ({ startsAt: Date.now() + 60 * 24 * 60 * 60 * 1000 });

test("two browsers on one event see 2 pessoas vendo agora; when one closes, the other drops to 1", async ({ browser }) => {
  // A visit without a goodbye lasts 2.5 heartbeats (25 s) before the server drops it.
  test.setTimeout(120_000);
  const creator = await apiUser("Criadora Presença");
  const eventId = await apiEvent(creator, { ...later(), name: `Sarau ${unique()}` });
  const [contextA, contextB, contextC] = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  const c = await contextC.newPage();

  await a.goto(`/event/${eventId}`);
  await signInLocally(a, "Ana Presente");
  await expect(a.getByText("1 pessoa vendo agora")).toBeVisible();
  await b.goto(`/event/${eventId}`);
  await signInLocally(b, "Bruno Presente");
  await expect(a.getByText("2 pessoas vendo agora")).toBeVisible();
  await expect(b.getByText("2 pessoas vendo agora")).toBeVisible();
  // A signed-out visitor sees the count live but is not in it (the server counts accounts).
  await c.goto(`/event/${eventId}`);
  await expect(c.getByText("2 pessoas vendo agora")).toBeVisible();
  await expect(a.getByText("2 pessoas vendo agora")).toBeVisible();
  // A second tab of the same person is not a second person.
  const a2 = await contextA.newPage();
  await a2.goto(`/event/${eventId}`);
  await expect(a2.getByText("2 pessoas vendo agora")).toBeVisible();
  await a2.close();

  await contextB.close();
  await expect(a.getByText("1 pessoa vendo agora")).toBeVisible({ timeout: 60_000 });
  await expect(c.getByText("1 pessoa vendo agora")).toBeVisible();
  await contextA.close();
  await contextC.close();
});

test("5 chat messages go through; once the limit is used up, the next shows the limit message and stays in the field", async ({ page }) => {
  const creator = await apiUser("Criadora Limite");
  const eventId = await apiEvent(creator, { ...later(), minSupportCents: 100 });
  const fan = await apiUser("Fã Apressada");
  await apiSupport(fan, eventId, 100);

  await page.goto(`/chat/${eventId}`);
  await signInLocally(page, fan.name, fan.email);
  await expect(page.getByText("1 online")).toBeVisible();
  const field = page.getByPlaceholder("Digite sua mensagem");
  for (let i = 1; i <= 5; i++) {
    await field.fill(`mensagem ${i}`);
    await field.press("Enter");
    await expect(page.getByText(`mensagem ${i}`, { exact: true })).toBeVisible();
  }
  // The limit refills a message every 2 s, so a burst typed through the page is refused only on
  // a fast enough machine; the rest of the limit is used up here instead, for hours.
  await useUpRateLimit(fan, "chatMessage");
  await field.fill("mensagem 6");
  await field.press("Enter");
  await expect(page.getByRole("alert")).toHaveText(/^Muitas tentativas\. Tente novamente em \d+ segundos?\.$/);
  await expect(field).toHaveValue("mensagem 6");
  await expect(page.getByText("mensagem 6", { exact: true })).toBeHidden();
});

test("Evolução dos apoios appears below the event and moves when someone supports", async ({ page }) => {
  const creator = await apiUser("Criador Curva");
  const eventId = await apiEvent(creator, { ...later(), goalCents: 10_000, minSupportCents: 500 });
  await page.goto(`/event/${eventId}`);
  const section = page.getByRole("region", { name: "Evolução dos apoios" });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText("Nenhum apoio ainda. A meta é R$ 100,00.")).toBeVisible();
  const rows = section.getByRole("row");
  await expect(rows).toHaveCount(2);
  const line = section.locator(".timeline__line");
  const flat = await line.getAttribute("d");

  const fan = await apiUser("Fã da Curva");
  await apiSupport(fan, eventId, 2_500);
  await expect(section.getByText(/^R\$ 25,00 arrecadados de R\$ 100,00 \(25% da meta\)/)).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(line).not.toHaveAttribute("d", flat!);
  await page.screenshot({ path: "e2e/screenshots/timeline-desktop.png", fullPage: true });
});
