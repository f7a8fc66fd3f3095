/**
 * Functions see the deployment's variables as process.env, never the shell's: a pushed app
 * cannot read the developer's HOME, PATH or secrets, not even a name it declares in
 * convex.config (`defineApp({ env })`); a new deployment has no variables of its own.
 */
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startLocalBackend, type LocalBackend } from "../server.ts";
import { startTestBackend } from "../test-support.ts";

const read = makeFunctionReference<"query", { names: string[] }, Record<string, string | null>>("environment:read");
const names = makeFunctionReference<"query", Record<string, never>, string[]>("environment:names");
const SHELL_ONLY = { APOIE_SHELL_SECRET: "segredo do desenvolvedor", FIXTURE_DECLARED: "from the shell" };

let backend: LocalBackend;
let client: ConvexHttpClient;

beforeAll(async () => {
  Object.assign(process.env, SHELL_ONLY);
  backend = await startTestBackend({ convexDir: path.join(import.meta.dirname, "scheduler", "test-convex") });
  client = new ConvexHttpClient(backend.url);
});

afterAll(async () => {
  await backend.close();
  for (const name of Object.keys(SHELL_ONLY)) delete process.env[name];
});

it("shows functions the deployment's variables and never the shell's", async () => {
  expect(process.env.HOME).toBeTruthy();
  const seen = await client.query(read, { names: ["HOME", "PATH", "APOIE_SHELL_SECRET", "CONVEX_SITE_URL", "CONVEX_CLOUD_URL", "JWKS"] });
  expect(seen).toMatchObject({
    HOME: null,
    PATH: null,
    APOIE_SHELL_SECRET: null,
    CONVEX_SITE_URL: backend.siteUrl,
    CONVEX_CLOUD_URL: backend.url,
  });
  expect(seen.JWKS).toBeTruthy();
  const visible = await client.query(names, {});
  expect(visible).not.toContain("HOME");
  expect(visible).toEqual(
    expect.arrayContaining(["AUTH_LOCAL_LOGIN", "CONVEX_CLOUD_URL", "CONVEX_SITE_URL", "JWKS", "JWT_PRIVATE_KEY", "SITE_URL"]),
  );
  // The backend itself still reads its own environment.
  expect(process.env.APOIE_SHELL_SECRET).toBe(SHELL_ONLY.APOIE_SHELL_SECRET);
});

it("never reads a variable the app declares from the backend's environment", async () => {
  expect((await client.query(read, { names: ["FIXTURE_DECLARED"] })).FIXTURE_DECLARED).toBeNull();
});

it("starts a new deployment with no variables but the built-in URLs", async () => {
  await backend.close();
  backend = await startLocalBackend({
    port: 0,
    sitePort: 0,
    dataDir: null,
    convexDir: path.join(import.meta.dirname, "scheduler", "test-convex"),
  });
  client = new ConvexHttpClient(backend.url);
  expect(await client.query(names, {})).toEqual(["CONVEX_CLOUD_URL", "CONVEX_SITE_URL"]);
});
