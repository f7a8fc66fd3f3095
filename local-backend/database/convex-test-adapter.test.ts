import { convexTest } from "convex-test";
import { expect, it } from "vitest";
import schema from "./indexes/test-convex/schema.ts";
import { attachToInternals, checkInternals } from "./convex-test-adapter.ts";

function newInstance() {
  // convex-test finds the functions folder by its _generated/ file.
  return convexTest(schema, {
    "./schema.ts": () => Promise.resolve({ default: schema }),
    "./_generated/server.ts": () => Promise.resolve({}),
  });
}

it("finds convex-test's private state and every member the backend uses", async () => {
  const t = newInstance();
  const global = await attachToInternals(t);
  expect(Object.keys(global.components)).toEqual([""]);
  expect(() => checkInternals(t, global)).not.toThrow();
});

it("stops with the name of a member a convex-test upgrade dropped", async () => {
  const t = newInstance();
  const global = await attachToInternals(t);
  const db = global.components[""]!.db as unknown as Record<string, unknown>;
  const resolve = db._resolveQuerySource;
  db._resolveQuerySource = undefined;
  expect(() => checkInternals(t, global)).toThrow(/components\[""\]\.db\._resolveQuerySource/);
  db._resolveQuerySource = resolve;
  const manager = global.transactionManager as unknown as Record<string, unknown>;
  manager._lastCommitTs = 0;
  expect(() => checkInternals(t, global)).toThrow(/transactionManager\._lastCommitTs \(a bigint\)/);
});
