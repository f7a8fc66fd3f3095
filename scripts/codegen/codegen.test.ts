/**
 * The committed convex/_generated/ is what the official `npx convex codegen` makes of today's
 * convex/ (run against the local backend, as `npm run codegen` does): regenerated in a scratch
 * copy of the project and compared file by file. Fails when a change to convex/ was committed
 * without `npm run codegen`.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { scratchProject, type ScratchProject } from "../../test-kit/scratch-project.ts";
import { generateCode } from "./official-codegen.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GENERATED = path.join("convex", "_generated");
let project: ScratchProject;

async function filesOf(folder: string): Promise<Map<string, string>> {
  const names = (await readdir(folder)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(folder, name), "utf8")] as const)));
}

beforeAll(async () => {
  project = await scratchProject({ withGenerated: false });
});
afterAll(async () => {
  await project.remove();
});

it("convex/_generated/ is what npx convex codegen makes of convex/ (run npm run codegen if not)", async () => {
  await generateCode(project.dir);
  const committed = await filesOf(path.join(ROOT, GENERATED));
  const generated = await filesOf(path.join(project.dir, GENERATED));
  expect([...committed.keys()]).toEqual([...generated.keys()]);
  for (const [name, text] of generated) expect(committed.get(name), `convex/_generated/${name}`).toBe(text);
}, 120_000);
