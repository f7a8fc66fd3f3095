import { expect, test, type Request } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { signInLocally } from "./helpers/ui";

test("leaving an event page says goodbye: no CORS error in the console, and the other viewer's count drops at once", async ({
  browser,
}) => {
  const creator = await apiUser("Criadora da Despedida");
  const eventId = await apiEvent(creator, { name: `Despedida ${unique()}` });
  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const leaving = await contextA.newPage();
  const staying = await contextB.newPage();
  const problems: string[] = [];
  leaving.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  leaving.on("requestfailed", (request) => problems.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`));

  await leaving.goto(`/event/${eventId}`);
  await signInLocally(leaving, "Ana Despedida");
  await staying.goto(`/event/${eventId}`);
  await signInLocally(staying, "Beto Fica");
  await expect(staying.getByText("2 pessoas vendo agora")).toBeVisible();
  await expect(leaving.getByText("2 pessoas vendo agora")).toBeVisible();

  // What the page does when it is left (its beforeunload handler beacons presence:disconnect to
  // /api/mutation, credentials included). Dispatched on the live page rather than by navigating
  // away, so the browser still reports what became of the beacon: an unloading page's
  // requests are all reported as aborted, and its console errors are lost.
  const isBeacon = (request: Request) => request.url().endsWith("/api/mutation");
  const beacon = Promise.race([
    leaving.waitForEvent("requestfinished", isBeacon),
    leaving.waitForEvent("requestfailed", isBeacon).then((request) => {
      throw new Error(`the goodbye beacon failed: ${request.failure()?.errorText}`);
    }),
  ]);
  await leaving.evaluate(() => window.dispatchEvent(new Event("beforeunload")));
  expect(await (await (await beacon).response())?.json()).toMatchObject({ status: "success" });
  // Without the goodbye the count would wait 25 s for the missed heartbeats: the ceiling stays
  // well under that, however slow the machine is to show the drop.
  await expect(staying.getByText("1 pessoa vendo agora")).toBeVisible({ timeout: 15_000 });
  expect(problems).toEqual([]);
  await Promise.all([contextA.close(), contextB.close()]);
});

test("an HTML file uploaded to the backend cannot read its dashboard, even in a browser signed in to it", async ({ browser }) => {
  const backendUrl = process.env.E2E_CONVEX_URL!;
  const uploader = await apiUser("Ivo Upload");
  const uploadUrl = await uploader.client.mutation(api.events.generateImageUploadUrl, {});
  const marker = `/read-the-dashboard-${unique()}`;
  // Reads the dashboard with the developer's cookie and reports how much it got.
  const html = `<script>fetch("/").then((r) => r.text()).then((t) => fetch("${marker}?" + t.length))</script>`;
  const upload = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "text/html" }, body: html });
  const { storageId } = (await upload.json()) as { storageId: string };

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${backendUrl}/?key=${encodeURIComponent(process.env.E2E_ADMIN_KEY!)}`);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const reached: string[] = [];
  context.on("request", (request) => {
    if (request.url().includes(marker)) reached.push(request.url());
  });

  // The file comes as a download (the navigation is aborted for it), so the page stays the
  // dashboard and no script of the file ever runs: waiting for the download is waiting for
  // the outcome, where a file shown as a page would never download and fail the test.
  const download = page.waitForEvent("download");
  await page.goto(`${backendUrl}/api/storage/${storageId}`).catch(() => {});
  expect((await download).url(), "the file is downloaded, not shown").toContain(storageId);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect(reached, "the file's script read the dashboard").toEqual([]);
  await context.close();
});
