/**
 * The official `npx convex dev --once` pushing this project's convex/ (a scratch copy) to a
 * local backend with a fresh data folder: the pushed code is what runs (public, internal and
 * component functions), codegen writes the committed convex/_generated/, a changed function
 * reaches a subscribed client, added and removed indexes are printed, a push whose module
 * throws or whose schema the data violates is refused with the old code still serving, and a
 * restart serves the last push.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli, type CliTarget } from "../../front/cli/convex-cli.ts";
import type { LocalBackend } from "../../server.ts";
import { SEED_FUNCTION } from "../../app-functions.ts";
import { newClient, startTestBackend } from "../../test-support.ts";
import { scratchProject, type ScratchProject } from "../../../test-kit/scratch-project.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TIMEOUT = 240_000;
const probe = makeFunctionReference<"query">("pushProbe:value");
let scratch: ScratchProject;
let project: string;
let dataDir: string;
let backend: LocalBackend;

async function writeProbe(body: string): Promise<void> {
  await writeFile(path.join(project, "convex", "pushProbe.ts"), `import { internalQuery, query } from "./_generated/server";\n${body}\n`);
}

/** Calls any function as the admin, as `npx convex run` does (`/api/function`). */
async function adminCall(path: string, args: object, componentPath?: string): Promise<unknown> {
  const response = await fetch(`${backend.url}/api/function`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Convex ${backend.adminKey}` },
    body: JSON.stringify({ componentPath, path, args, format: "json" }),
  });
  const body = (await response.json()) as { status: string; value?: unknown; errorMessage?: string };
  if (body.status !== "success") throw new Error(body.errorMessage);
  return body.value;
}

/** A file of convex/_generated/ in the scratch project, without the lines naming the probe module. */
async function generatedWithoutProbe(name: string): Promise<string> {
  const text = await readFile(path.join(project, "convex", "_generated", name), "utf8");
  return text
    .split("\n")
    .filter((line) => !line.includes("pushProbe"))
    .join("\n");
}

function push(): ReturnType<typeof runCli> {
  const target: CliTarget = { url: backend.url, adminKey: backend.adminKey, cwd: project };
  return runCli(target, ["dev", "--once", "--typecheck", "disable"]);
}

beforeAll(async () => {
  scratch = await scratchProject();
  project = scratch.dir;
  dataDir = path.join(project, ".data");
  // Demo events, so a schema the data violates has something to violate.
  backend = await startTestBackend({ dataDir, seed: SEED_FUNCTION });
});
afterAll(async () => {
  await backend.close();
  await scratch.remove();
});

it(
  "serves what `npx convex dev` pushed, live to subscribers, refuses a module that throws or a schema the data violates, and keeps it across a restart",
  async () => {
    await writeProbe(
      'export const value = query({ args: {}, handler: async () => "first push" });\n' +
        'export const secret = internalQuery({ args: {}, handler: async () => "internal" });',
    );
    const first = await push();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout + first.stderr).toContain("Convex functions ready!");
    // The app's functions answer from the pushed bundle: public ones to anyone, internal ones
    // and the components' to the admin.
    expect(await new ConvexHttpClient(backend.url).query(probe, {})).toBe("first push");
    expect(await adminCall("pushProbe:secret", {})).toBe("internal");
    const config = { kind: "token bucket", rate: 5, period: 60_000 };
    expect(await adminCall("lib:getValue", { name: "probe", config }, "rateLimiter")).toMatchObject({ value: 5 });
    // Codegen against the backend wrote the committed convex/_generated/ (plus the probe module).
    for (const name of await readdir(path.join(ROOT, "convex", "_generated"))) {
      expect(await generatedWithoutProbe(name), name).toBe(await readFile(path.join(ROOT, "convex", "_generated", name), "utf8"));
    }

    const client = newClient(backend.url);
    const seen: unknown[] = [];
    client.onUpdate(probe, {}, (value) => seen.push(value));
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toBe("first push");
    // A changed function, and a new index, which the CLI lists as Convex would have it.
    await writeProbe('export const value = query({ args: {}, handler: async () => "second push" });');
    const schemaFile = path.join(project, "convex", "schema.ts");
    const schema = await readFile(schemaFile, "utf8");
    const withIndex = schema.replace(
      /events: defineTable\(\{[\s\S]*?\n {2}\}\)/,
      (table) => `${table}\n    .index("by_pushProbe", ["goalCents"])`,
    );
    expect(withIndex).not.toBe(schema);
    await writeFile(schemaFile, withIndex);
    const second = await push();
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout + second.stderr).toMatch(/Added table indexes:\s*\[\+\] events\.by_pushProbe\s+goalCents, _creationTime/);
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toBe("second push");

    await writeProbe('throw new Error("broken on load");\nexport const value = query({ args: {}, handler: async () => "never" });');
    const broken = await push();
    expect(broken.code).not.toBe(0);
    expect(broken.stdout + broken.stderr).toContain("broken on load");
    expect(await new ConvexHttpClient(backend.url).query(probe, {})).toBe("second push");

    await writeProbe('export const value = query({ args: {}, handler: async () => "with a stricter schema" });');
    await writeFile(schemaFile, schema.replace("events: defineTable({", "events: defineTable({ requiredByThisPush: v.string(),"));
    const violating = await push();
    expect(violating.code).not.toBe(0);
    expect(violating.stdout + violating.stderr).toMatch(/Schema validation failed[\s\S]*requiredByThisPush/);
    expect(await new ConvexHttpClient(backend.url).query(probe, {})).toBe("second push");

    // Convex's index limits, in its words: 16 fields per index, 32 indexes per table.
    const fields = Array.from({ length: 17 }, (_, n) => `"f${n}"`).join(", ");
    await writeFile(
      schemaFile,
      schema.replace(/events: defineTable\(\{[\s\S]*?\n {2}\}\)/, (table) => `${table}\n    .index("by_many", [${fields}])`),
    );
    const wideIndex = await push();
    expect(wideIndex.code).not.toBe(0);
    expect(wideIndex.stdout + wideIndex.stderr).toContain("Indexes may have up to 16 fields.");
    const indexes = Array.from({ length: 33 }, (_, n) => `.index("by_probe${n}", ["goalCents"])`).join("\n    ");
    await writeFile(
      schemaFile,
      schema.replace(/events: defineTable\(\{[\s\S]*?\n {2}\}\)/, (table) => `${table}\n    ${indexes}`),
    );
    const manyIndexes = await push();
    expect(manyIndexes.code).not.toBe(0);
    expect(manyIndexes.stdout + manyIndexes.stderr).toContain('Table "events" cannot have more than 32 indexes.');
    expect(await new ConvexHttpClient(backend.url).query(probe, {})).toBe("second push");
    await client.close();

    await writeProbe('export const value = query({ args: {}, handler: async () => "third push" });');
    await writeFile(schemaFile, schema);
    const third = await push();
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout + third.stderr).toMatch(/Deleted table indexes:\s*\[-\] events\.by_pushProbe/);

    await backend.close();
    backend = await startTestBackend({ dataDir });
    expect(await new ConvexHttpClient(backend.url).query(probe, {})).toBe("third push");
  },
  TIMEOUT,
);
