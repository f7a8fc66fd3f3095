import { expect, test } from "@playwright/test";
import { apiEvent, apiSupport, apiUser, unique } from "./helpers/backend";

// Supports of one event go through its queue: each is answered at once and applied by the
// event's worker in batches. Two browsers watching the event must see the bar follow the batches.
test("a burst of supports from many people: two open pages see the progress bar move as the queue applies them", async ({ browser }) => {
  const creator = await apiUser("Criadora Lotada");
  const eventId = await apiEvent(creator, { name: `Show Lotado ${unique()}`, goalCents: 20_000, minSupportCents: 100 });
  const supporters = await Promise.all(Array.from({ length: 20 }, (_, i) => apiUser(`Fã ${i + 1}`)));

  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const pages = [await contextA.newPage(), await contextB.newPage()];
  for (const page of pages) {
    await page.goto(`/event/${eventId}`);
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /R\$ 0,00/);
  }

  // First wave: ten people at once, R$ 5,00 each.
  await Promise.all(supporters.slice(0, 10).map((fan) => apiSupport(fan, eventId, 500)));
  for (const page of pages) {
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /R\$ 50,00/);
    await expect(page.getByText("10", { exact: true })).toBeVisible();
  }

  // Second wave while the pages stay open: the bar moves on to the exact total.
  await Promise.all(supporters.slice(10).map((fan) => apiSupport(fan, eventId, 500)));
  for (const page of pages) {
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /R\$ 100,00/);
    await expect(page.getByText("20", { exact: true })).toBeVisible();
  }

  await Promise.all([contextA.close(), contextB.close()]);
});
