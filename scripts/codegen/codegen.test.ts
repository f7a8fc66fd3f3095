/**
 * The committed convex/_generated/ is what the official `npx convex codegen` makes of today's
 * convex/ (run against the local backend, as `npm run codegen` does): regenerated in a scratch
 * copy of the project and compared file by file. Fails when a change to convex/ was committed
 * without `npm run codegen`.
 */
import { cp, mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generateCode } from "./official-codegen.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GENERATED = path.join("convex", "_generated");
let project: string;

async function filesOf(folder: string): Promise<Map<string, string>> {
  const names = (await readdir(folder)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(folder, name), "utf8")] as const)));
}

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), "apoie-codegen-"));
  for (const file of ["convex", "package.json", "tsconfig.json", "tsconfig.base.json"]) {
    await cp(path.join(ROOT, file), path.join(project, file), {
      recursive: true,
      filter: (source) => !source.startsWith(path.join(ROOT, GENERATED)),
    });
  }
  await symlink(path.join(ROOT, "node_modules"), path.join(project, "node_modules"));
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

it("convex/_generated/ is what npx convex codegen makes of convex/ (run npm run codegen if not)", async () => {
  await generateCode(project);
  const committed = await filesOf(path.join(ROOT, GENERATED));
  const generated = await filesOf(path.join(project, GENERATED));
  expect([...committed.keys()]).toEqual([...generated.keys()]);
  for (const [name, text] of generated) expect(committed.get(name), `convex/_generated/${name}`).toBe(text);
}, 120_000);
