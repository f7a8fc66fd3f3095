/** `npm run dev`'s .env.local update: its two variables replaced, every other line kept, owner-only. */
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { updateEnvFile } from "./env-local.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "apoie-env-local-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it("creates the file with the backend's URL and admin key, readable by its owner only", async () => {
  const file = path.join(dir, ".env.local");
  updateEnvFile(file, { CONVEX_SELF_HOSTED_URL: "http://127.0.0.1:3210", CONVEX_SELF_HOSTED_ADMIN_KEY: "apoie-local|ab12" });
  expect(await readFile(file, "utf8")).toBe(
    "CONVEX_SELF_HOSTED_URL=http://127.0.0.1:3210\nCONVEX_SELF_HOSTED_ADMIN_KEY=apoie-local|ab12\n",
  );
  expect((await stat(file)).mode & 0o777).toBe(0o600);
});

it("replaces earlier values of the same names and keeps every other line", async () => {
  const file = path.join(dir, ".env.local");
  await writeFile(file, "# mine\nCONVEX_SELF_HOSTED_URL=http://127.0.0.1:9999\nVITE_CONVEX_URL=http://127.0.0.1:9999\n\n");
  updateEnvFile(file, { CONVEX_SELF_HOSTED_URL: "http://127.0.0.1:3210" });
  expect(await readFile(file, "utf8")).toBe(
    "# mine\nVITE_CONVEX_URL=http://127.0.0.1:9999\nCONVEX_SELF_HOSTED_URL=http://127.0.0.1:3210\n",
  );
});
