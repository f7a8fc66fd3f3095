/** Pushed code on disk: unchanged modules linked from the served push, old pushes pruned, the served one kept. */
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { PushStore, type PushedDefinition } from "./push-store.ts";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "apoie-push-store-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function app(modules: Record<string, string>): PushedDefinition[] {
  return [
    {
      definitionPath: "",
      definition: null,
      dependencies: [],
      schema: null,
      modules: Object.entries(modules).map(([modulePath, source]) => ({ path: modulePath, source })),
    },
  ];
}

it("links a module the served push has unchanged, and prunes old pushes but never the one served", async () => {
  const store = new PushStore(root);
  const first = await store.write(app({ "a.js": "export const a = 1;", "b.js": "export const b = 1;" }));
  await store.activate(first);
  const second = await store.write(app({ "a.js": "export const a = 1;", "b.js": "export const b = 2;" }));
  expect(second).not.toBe(first);
  // a.js is the same file (one inode), b.js a new one.
  expect((await stat(path.join(second, "app", "a.js"))).ino).toBe((await stat(path.join(first, "app", "a.js"))).ino);
  expect(await readFile(path.join(second, "app", "b.js"), "utf8")).toBe("export const b = 2;");

  await store.activate(second);
  await store.prune(0);
  const left = await readdir(path.join(root, "pushes"));
  expect(left).not.toContain(path.basename(first));
  expect(left).toContain(path.basename(second));
  expect(await readFile(path.join(second, "app", "a.js"), "utf8")).toBe("export const a = 1;");
  expect(await store.current()).toBe(second);
});

it("keeps a push younger than the age given (one between start_push and finish_push)", async () => {
  const store = new PushStore(root);
  const served = await store.write(app({ "a.js": "export const a = 1;" }));
  await store.activate(served);
  const pending = await store.write(app({ "a.js": "export const a = 2;" }));
  await store.prune(60_000);
  expect(await readdir(path.join(root, "pushes"))).toContain(path.basename(pending));
});
