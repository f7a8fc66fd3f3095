import { expect, test } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./helpers/backend";

test("the backend's dashboard asks for the admin key, then lists the events table with its count and pages to its documents", async ({
  page,
}) => {
  const creator = await apiUser("Criadora do Painel");
  const name = `Evento do Painel ${unique()}`;
  await apiEvent(creator, { name });

  await page.goto(process.env.E2E_CONVEX_URL!);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Admin key").fill("apoie-local|not-the-key");
  await page.getByRole("button", { name: "Open the dashboard" }).click();
  await expect(page.getByRole("alert")).toHaveText("That is not this backend's admin key.");
  await page.getByLabel("Admin key").fill(process.env.E2E_ADMIN_KEY!);
  await page.getByRole("button", { name: "Open the dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const events = page
    .getByRole("table", { name: "App tables" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "events", exact: true }) });
  await expect(events.getByRole("cell")).toHaveText(/^[1-9]\d*$/);

  await events.getByRole("link", { name: "events" }).click();
  await expect(page.getByRole("heading", { name: "events" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Latest documents" })).toContainText(name);
});
