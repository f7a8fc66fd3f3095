/**
 * The official Convex CLI (node_modules/convex, run as a developer would) against a local
 * backend: admin auth, `run`, `data`, `function-spec`, and the routes `dev` starts with.
 */
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import { cliProject, outputUntil, runCli, startCli, type CliTarget } from "./front/cli/convex-cli.ts";
import type { LocalBackend } from "./server.ts";
import { createEvent, signedInClient, signInLocally, startTestBackend } from "./test-support.ts";

// A ceiling for a stuck CLI, not a measure: a dozen CLI runs took over two minutes on a busy 2-core machine.
const CLI_TIMEOUT = 600_000;
let backend: LocalBackend;
let target: CliTarget;

beforeAll(async () => {
  backend = await startTestBackend();
  target = { url: backend.url, adminKey: backend.adminKey, cwd: await cliProject() };
});
afterAll(() => backend.close());

/** Every event document, as `npx convex data` counts them. */
const eventCountAll = async () =>
  (await runCli(target, ["data", "events", "--limit", "1000", "--format", "jsonLines"])).stdout.trim().split("\n").length;
const eventCount = async () =>
  (await new ConvexHttpClient(backend.url).query(api.events.list, { paginationOpts: { numItems: 100, cursor: null } })).page.length;

it(
  "refuses a wrong or missing admin key, and runs nothing",
  async () => {
    const wrong = await runCli({ ...target, adminKey: "not-the-key" }, ["run", "seed:run"]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("BadAdminKey");
    const canonical = await fetch(`${backend.url}/api/v1/get_canonical_urls`);
    expect(canonical.status).toBe(401);
    expect(await canonical.json()).toMatchObject({ code: "MissingAdminKey" });
    expect(await eventCount()).toBe(0);
  },
  CLI_TIMEOUT,
);

it(
  "runs an internal mutation and a public query; an unknown name lists the functions",
  async () => {
    const seeded = await runCli(target, ["run", "seed:run"]);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(await eventCount()).toBeGreaterThan(0);

    const providers = await runCli(target, ["run", "auth:providers"]);
    expect(providers.code, providers.stderr).toBe(0);
    expect(JSON.parse(providers.stdout)).toEqual({ google: false, local: true, email: false });

    const unknown = await runCli(target, ["run", "events:nothing"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Could not find function for 'events:nothing'");
    expect(unknown.stderr).toMatch(/Available functions:[\s\S]*events:list/);
  },
  CLI_TIMEOUT,
);

it(
  "runs as a user with --identity",
  async () => {
    const client = new ConvexClient(backend.url);
    const token = await signInLocally(client, "Ana Lima", "ana@example.com");
    await client.close();
    // Convex Auth's subject is "<user id>|<session id>"; the session must exist.
    const { sub } = decodeJwt(token);
    const run = await runCli(target, ["run", "users:me", "--identity", JSON.stringify({ subject: sub })]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ name: "Ana Lima" });
    const madeUp = await runCli(target, ["run", "users:me", "--identity", JSON.stringify({ subject: `${sub!.split("|")[0]}|session` })]);
    expect(madeUp.code, madeUp.stderr).toBe(0);
    // Signed out: users:me is null, which the CLI prints as nothing.
    expect(madeUp.stdout.trim()).toBe("");
  },
  CLI_TIMEOUT,
);

it(
  "reaches a component's functions and tables as the admin (--component)",
  async () => {
    // Signing in (previous test) took a token of the rate limiter component's "localSignIn".
    const tables = await runCli(target, ["data", "--component", "rateLimiter"]);
    expect(tables.code, tables.stderr).toBe(0);
    expect(tables.stdout.split("\n")).toContain("rateLimits");
    const config = { kind: "token bucket", rate: 5, period: 60_000 };
    const value = await runCli(target, [
      "run",
      "--component",
      "rateLimiter",
      "lib:getValue",
      JSON.stringify({ name: "localSignIn", key: "ana@example.com", config }),
    ]);
    expect(value.code, value.stderr).toBe(0);
    expect(JSON.parse(value.stdout)).toMatchObject({ value: expect.any(Number) });
    // Without the admin key a component's function is out of reach.
    const http = await fetch(`${backend.url}/api/function`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ componentPath: "rateLimiter", path: "lib:clearAll", args: {}, format: "convex_encoded_json" }),
    });
    expect(await http.json()).toMatchObject({
      status: "error",
      errorMessage: expect.stringContaining("Could not find public function for 'lib:clearAll'"),
    });
  },
  CLI_TIMEOUT,
);

it(
  "--watch prints a query again when its result changes",
  async () => {
    const args = JSON.stringify({ name: "Zabumba", paginationOpts: { numItems: 10, cursor: null } });
    const watch = startCli(target, ["run", "events:list", args, "--watch"]);
    try {
      await outputUntil(watch, (stdout) => stdout.includes('"page": []'));
      const client = await signedInClient(backend.url, "Bia", "bia@example.com");
      await createEvent(client, { name: "Zabumba Quântica" });
      await client.close();
      await outputUntil(watch, (stdout) => stdout.includes("Zabumba Quântica"));
    } finally {
      watch.child.kill("SIGINT");
      await watch.done;
    }
  },
  CLI_TIMEOUT,
);

it(
  "evaluates an --inline-query as a read-only query of the app",
  async () => {
    const count = await runCli(target, ["run", "--inline-query", '(await ctx.db.query("events").collect()).length']);
    expect(count.code, count.stderr).toBe(0);
    expect(Number(count.stdout)).toBe(await eventCountAll());
    const logged = await runCli(target, [
      "run",
      "--inline-query",
      'const first = await ctx.db.query("events").first();\nconsole.log("first", first.name);\nreturn first.name;',
    ]);
    expect(logged.code, logged.stderr).toBe(0);
    expect(logged.stderr).toMatch(/\[LOG\] 'first' '.+'/);
    const writing = await runCli(target, ["run", "--inline-query", 'await ctx.db.insert("events", {})']);
    expect(writing.code).not.toBe(0);
  },
  CLI_TIMEOUT,
);

it(
  "lists tables and a table's latest documents with convex data",
  async () => {
    const tables = await runCli(target, ["data"]);
    expect(tables.code, tables.stderr).toBe(0);
    expect(tables.stdout.split("\n")).toEqual(expect.arrayContaining(["events", "users"]));

    const events = await runCli(target, ["data", "events", "--limit", "2"]);
    expect(events.code, events.stderr).toBe(0);
    expect(events.stdout).toContain("Zabumba Quântica");
    // A header, a rule, and two rows.
    expect(events.stdout.trim().split("\n")).toHaveLength(4);
  },
  CLI_TIMEOUT,
);

it(
  "prints the function spec",
  async () => {
    const run = await runCli(target, ["function-spec"]);
    expect(run.code, run.stderr).toBe(0);
    const spec = JSON.parse(run.stdout) as { url: string; functions: Record<string, unknown>[] };
    expect(spec.url).toBe(backend.url);
    expect(spec.functions).toContainEqual(
      expect.objectContaining({ identifier: "seed.js:run", functionType: "Mutation", visibility: { kind: "internal" } }),
    );
    expect(spec.functions).toContainEqual(expect.objectContaining({ identifier: "events.js:list", functionType: "Query" }));
    expect(spec.functions).toContainEqual(expect.objectContaining({ functionType: "HttpAction", method: "GET" }));
  },
  CLI_TIMEOUT,
);

it("answers the _system queries the CLI reads only to the admin (queryTable, as convex dev watches a table)", async () => {
  const body = JSON.stringify({ path: "_system/cli/queryTable", args: { tableName: "events" }, format: "convex_encoded_json" });
  const call = (headers: Record<string, string>) =>
    fetch(`${backend.url}/api/query`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body }).then(
      (response) => response.json(),
    );
  const admin = (await call({ Authorization: `Convex ${backend.adminKey}` })) as { status: string; value: { name: string }[] };
  expect(admin.status).toBe("success");
  expect(admin.value.length).toBe(await eventCountAll());
  expect(await call({})).toMatchObject({ status: "error", errorMessage: expect.stringContaining("Could not find public function") });
});

it("answers the canonical URLs to the admin, and an unknown admin route with 400 at once", async () => {
  const headers = { Authorization: `Convex ${backend.adminKey}` };
  const canonical = await fetch(`${backend.url}/api/v1/get_canonical_urls`, { headers });
  expect(await canonical.json()).toEqual({ convexCloudUrl: backend.url, convexSiteUrl: backend.siteUrl });
  const unknown = await fetch(`${backend.url}/api/deploy2/not_a_route`, { method: "POST", headers });
  expect(unknown.status).toBe(400);
  expect(await unknown.json()).toMatchObject({ code: "UnknownRoute" });
});
