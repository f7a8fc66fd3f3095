import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import type { GenericId } from "convex/values";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "../../server.ts";
import { startTestBackend } from "../../test-support.ts";

const schedule = makeFunctionReference<"mutation", { delayMs: number; text: string }, GenericId<"_scheduled_functions">>("jobs:schedule");
const generateUploadUrl = makeFunctionReference<"mutation", Record<string, never>, string>("files:generateUploadUrl");

let backend: LocalBackend;
let http: ConvexHttpClient;

beforeAll(async () => {
  backend = await startTestBackend({ convexDir: path.join(import.meta.dirname, "..", "..", "functions", "scheduler", "test-convex") });
  http = new ConvexHttpClient(backend.url);
});

afterAll(() => backend.close());

/** The admin key, as scripts send it; a browser signs in once instead (see the last test). */
function asAdmin(): RequestInit {
  return { headers: { Authorization: `Convex ${backend.adminKey}` } };
}

async function html(pathAndQuery: string): Promise<string> {
  const response = await fetch(`${backend.url}${pathAndQuery}`, asAdmin());
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  return response.text();
}

it("shows tables with counts, scheduled jobs with their state and stored files, escaping the data", async () => {
  await http.mutation(schedule, { delayMs: 3_600_000, text: "<script>alert(1)</script>" });
  const url = await http.mutation(generateUploadUrl, {});
  const { storageId } = (await (await fetch(url, { method: "POST", headers: { "Content-Type": "image/png" }, body: "png" })).json()) as {
    storageId: string;
  };

  const overview = await html("/");
  expect(overview).toMatch(/_scheduled_functions<\/a><\/th><td class="number">1</);
  expect(overview).toContain("<code>jobs:write</code>");
  expect(overview).toContain('class="state state-pending"');
  expect(overview).toContain(`/api/storage/${storageId}`);
  expect(overview).toContain("image/png");
  // Components' tables are listed under their path.
  expect(overview).toContain("Component rateLimiter");

  const jobs = await html("/dashboard/table?component=&table=_scheduled_functions");
  expect(jobs).toContain("&#60;script&#62;");
  expect(jobs).not.toContain("<script>");
});

it("pages through a table's documents, newest first", async () => {
  for (let i = 0; i < 25; i++) await http.mutation(schedule, { delayMs: 3_600_000, text: `job ${i}` });
  const first = await html("/dashboard/table?component=&table=_scheduled_functions");
  expect(first).toContain("Page 1 of 2");
  expect(first).toContain("job 24");
  expect(first).not.toContain("job 0&#");
  const second = await html("/dashboard/table?component=&table=_scheduled_functions&page=2");
  expect(second).toContain("Page 2 of 2");
  expect(second).toContain("job 0&#");
  expect((await fetch(`${backend.url}/dashboard/table?component=nope&table=x`, asAdmin())).status).toBe(404);
});

it("counts commits and query runs in stats.json", async () => {
  const stats = async () =>
    (await (await fetch(`${backend.url}/dashboard/stats.json`, asAdmin())).json()) as { commits: number; queryRuns: number };
  const before = await stats();
  await http.mutation(schedule, { delayMs: 3_600_000, text: "contada" });
  const after = await stats();
  // The test functions' one-second cron may commit in between too.
  expect(after.commits).toBeGreaterThanOrEqual(before.commits + 1);
  expect(after.queryRuns).toBe(before.queryRuns);
});

it("lets a browser in once, by the form or the printed URL, with an HttpOnly SameSite=Strict cookie for this port", async () => {
  const port = new URL(backend.url).port;
  const form = await fetch(`${backend.url}/`);
  expect(form.status).toBe(401);
  expect(await form.text()).toContain('<form method="post" action="/dashboard/login"');

  const wrong = await fetch(`${backend.url}/dashboard/login`, {
    method: "POST",
    body: new URLSearchParams({ key: "apoie-local|nope" }),
    redirect: "manual",
  });
  expect(wrong.status).toBe(401);
  expect(wrong.headers.get("set-cookie")).toBeNull();

  const signedIn = await fetch(`${backend.url}/dashboard/login`, {
    method: "POST",
    body: new URLSearchParams({ key: backend.adminKey }),
    redirect: "manual",
  });
  expect(signedIn.status).toBe(303);
  expect(signedIn.headers.get("location")).toBe("/");
  const cookie = signedIn.headers.get("set-cookie")!;
  expect(cookie).toMatch(new RegExp(`^apoie_admin_${port}=`));
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Strict/);
  const overview = await fetch(`${backend.url}/`, { headers: { Cookie: cookie.split(";")[0]! } });
  expect(overview.status).toBe(200);
  expect(await overview.text()).toContain("<h1>Dashboard</h1>");

  // The URL printed at start: the key is taken out of the address at once.
  const viaUrl = await fetch(`${backend.url}/dashboard/table?component=&table=users&key=${encodeURIComponent(backend.adminKey)}`, {
    redirect: "manual",
  });
  expect(viaUrl.status).toBe(303);
  expect(viaUrl.headers.get("location")).toBe("/dashboard/table?component=&table=users");
  expect(viaUrl.headers.get("set-cookie")).toBe(cookie);
});
