import { expect, test } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { apiEvent, apiSupport, apiUser, unique } from "./helpers/backend";
import { holdSync } from "./helpers/sync-hold";
import { expectAlert, openUserMenu, signInLocally } from "./helpers/ui";

const shots = "e2e/screenshots";

test("the supporter's bar and wallet move before the server answers, then settle to its values", async ({ page }) => {
  const sync = await holdSync(page);
  const creator = await apiUser("Criadora Instantânea");
  const eventId = await apiEvent(creator, { name: `Roda Instantânea ${unique()}`, goalCents: 10_000, minSupportCents: 100 });
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Ana Instantânea");
  const bar = page.getByRole("progressbar");
  await expect(bar).toHaveAttribute("aria-valuetext", /R\$ 0,00/);
  await expect(page.getByText(/Seu saldo: R\$ 50,00/)).toBeVisible();

  // The backend answers, but the page hears nothing until the test lets it.
  sync.holdAnswers();
  await page.getByLabel("Valor do apoio").fill("20");
  await page.getByRole("button", { name: "APOIE" }).click();
  await expect(bar).toHaveAttribute("aria-valuetext", /R\$ 20,00/);
  await expect(page.getByText(/Seu saldo: R\$ 30,00/)).toBeVisible();
  await expect(page.getByText("20% da meta")).toBeVisible();
  // The server took it meanwhile (a quiet event's support is applied at once); the page was not told.
  await expect.poll(async () => (await creator.client.query(api.events.get, { id: eventId }))?.raisedCents).toBe(2_000);
  await expect(page.getByRole("alertdialog")).toBeHidden();
  // What the supporter sees before the answer: the figures moved, APOIE still sending.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    await page.getByRole("button", { name: "Enviando..." }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/apoio-instantaneo-${width}.png`, animations: "disabled" });
  }

  sync.releaseAnswers();
  await expectAlert(page, { title: "Sucesso!", text: "Seu apoio de R$ 20,00 foi registrado. Obrigado!" });
  await expect(bar).toHaveAttribute("aria-valuetext", /R\$ 20,00/);
  await expect(page.getByText(/Seu saldo: R\$ 30,00/)).toBeVisible();
});

test("a support refused because the event closed first moves the bar, then rolls back with its message", async ({ page }) => {
  const sync = await holdSync(page);
  const creator = await apiUser("Criador Disputado");
  const eventId = await apiEvent(creator, { name: `Show Disputado ${unique()}`, goalCents: 3_000, minSupportCents: 100 });
  const fans = await Promise.all(Array.from({ length: 4 }, (_, i) => apiUser(`Fã Rápido ${i + 1}`)));
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Bia Atrasada");
  const bar = page.getByRole("progressbar");
  await expect(bar).toHaveAttribute("aria-valuetext", /R\$ 0,00/);

  // The page's support leaves only once the others are in: it shows at once all the same.
  sync.holdRequests();
  await page.getByLabel("Valor do apoio").fill("10");
  await page.getByRole("button", { name: "APOIE" }).click();
  await expect(bar).toHaveAttribute("aria-valuetext", /R\$ 10,00/);
  await expect(page.getByText(/Seu saldo: R\$ 40,00/)).toBeVisible();

  // A burst that reaches the goal (the first is applied at once, the others wait in the queue).
  await Promise.all(fans.map((fan) => apiSupport(fan, eventId, 750)));
  sync.releaseRequests();
  // Usually the queue refunds it (it arrives while the burst waits to be applied); had the worker
  // already applied the burst, the closed gate refuses it at once. Either way: the same message,
  // and the bar and the wallet back to the server's values.
  const alert = page.getByRole("alertdialog");
  await expect(alert).toContainText("A porcentagem minima foi batida! Os apoios foram desativados...");
  // The page behind the modal alert is inert: read the bar once it is closed.
  await alert.getByRole("button", { name: "OK" }).click();
  await expect(bar).toHaveAttribute("aria-valuetext", /R\$ 30,00/);
  await expect(page.getByRole("button", { name: "APOIE" })).toBeDisabled();
  await openUserMenu(page);
  await expect(page.getByRole("menu")).toContainText("Saldo: R$ 50,00");
});
