import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { api } from "../convex/_generated/api";
import type { LocalBackend } from "./server.ts";
import { createEvent, signedInClient, startTestBackend, waitForQuery } from "./test-support.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const greeting = makeFunctionReference<"query", Record<string, never>, string>("greeting:hello");

let projectCopy: string;
let convexDir: string;
let backend: LocalBackend;
let client: ConvexClient;

/** A ceiling for a reload that never comes, not a measure of one. */
const RELOAD_CEILING_MS = 15_000;

/** Waits until the call succeeds with `expected` (a reload takes a moment to be noticed). */
async function eventuallyGreets(expected: string): Promise<void> {
  await expect.poll(() => client.query(greeting, {}).catch((error: unknown) => error), { timeout: RELOAD_CEILING_MS }).toBe(expected);
}

/** Records what the backend logs as an error, until `restore`. */
function errorLog() {
  const spy = vi.spyOn(console, "error");
  const find = (text: string) =>
    spy.mock.calls
      .flat()
      .map(String)
      .find((line) => line.includes(text));
  return {
    /** Resolves with the first line containing `text` once the backend has logged it. */
    waitFor: (text: string) =>
      vi.waitFor(
        () => {
          const line = find(text);
          if (line === undefined) throw new Error(`nothing logged with "${text}" yet`);
          return line;
        },
        { timeout: RELOAD_CEILING_MS, interval: 20 },
      ),
    restore: () => spy.mockRestore(),
  };
}

beforeAll(async () => {
  // A copy of the functions to edit, resolving packages from the project's node_modules.
  projectCopy = await mkdtemp(path.join(tmpdir(), "apoie-reload-"));
  convexDir = path.join(projectCopy, "convex");
  await cp(path.join(ROOT, "convex"), convexDir, { recursive: true });
  await symlink(path.join(ROOT, "node_modules"), path.join(projectCopy, "node_modules"));
  await writeFile(path.join(projectCopy, "package.json"), JSON.stringify({ type: "module" }));
  backend = await startTestBackend({ convexDir, watch: true });
  client = await signedInClient(backend.url, "Recarga", "recarga@exemplo.com");
});

afterAll(async () => {
  await client.close();
  await backend.close();
  await rm(projectCopy, { recursive: true, force: true });
});

it("reloads convex/ on a change, keeping the data and the subscriptions", async () => {
  const eventId = await createEvent(client, { name: "Antes da Recarga" });
  await client.mutation(api.supports.support, { eventId, amountCents: 2_000 });
  await expect(client.query(greeting, {})).rejects.toThrow(/Could not find public function/);

  const file = path.join(convexDir, "greeting.ts");
  await writeFile(
    file,
    'import { query } from "./_generated/server";\nexport const hello = query({ args: {}, handler: async () => "olá" });\n',
  );
  await eventuallyGreets("olá");
  expect(await client.query(api.events.get, { id: eventId })).toMatchObject({ name: "Antes da Recarga", raisedCents: 2_000 });
  expect(await client.query(api.users.me, {})).toMatchObject({ walletCents: 3_000 });

  // Broken code does not replace working code: once the backend says it did not load, the old code still answers.
  const errors = errorLog();
  try {
    await writeFile(file, "export const hello = query({ args: {}, handler: async () => \n");
    await errors.waitFor("convex/ did not load, still serving the previous code");
  } finally {
    errors.restore();
  }
  expect(await client.query(greeting, {})).toBe("olá");

  // Mutations and live updates go on after reloads.
  await writeFile(
    file,
    'import { query } from "./_generated/server";\nexport const hello = query({ args: {}, handler: async () => "oi" });\n',
  );
  await eventuallyGreets("oi");
  await client.mutation(api.supports.support, { eventId, amountCents: 1_000 });
  const event = await waitForQuery(client, api.events.get, { id: eventId }, (e) => e?.raisedCents === 3_000);
  expect(event?.uniqueSupporters).toBe(1);
});

it("refuses code whose schema the existing data does not match, naming table, document and field", async () => {
  const eventId = await createEvent(client, { name: "Sem Região" });
  const errors = errorLog();
  const schemaFile = path.join(convexDir, "schema.ts");
  const schema = await readFile(schemaFile, "utf8");
  const stricter = schema.replace(
    "events: defineTable({\n    name: v.string(),",
    "events: defineTable({\n    name: v.string(),\n    region: v.string(),",
  );
  expect(stricter).not.toBe(schema);
  try {
    await writeFile(schemaFile, stricter);
    await writeFile(
      path.join(convexDir, "greeting.ts"),
      'import { query } from "./_generated/server";\nexport const hello = query({ args: {}, handler: async () => "novo" });\n',
    );
    expect(await errors.waitFor("does not match the data")).toMatch(/table "events", document \w+: .*region/);
    // The previous code, schema and data keep serving.
    expect(await client.query(greeting, {})).toBe("oi");
    expect(await client.query(api.events.get, { id: eventId })).toMatchObject({ name: "Sem Região" });
  } finally {
    errors.restore();
  }
  // Code that fits the data loads again.
  await writeFile(schemaFile, schema);
  await eventuallyGreets("novo");
});
