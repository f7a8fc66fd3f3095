import path from "node:path";
import type { GenericDataModel, GenericMutationCtx } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FunctionRunner } from "../../functions/function-runner.ts";

const convexDir = path.join(import.meta.dirname, "test-convex");
type Ctx = GenericMutationCtx<GenericDataModel>;
type Item = { _id: string; group: string; rank: number };

let engine: FunctionRunner;
beforeAll(async () => {
  engine = await FunctionRunner.start(convexDir);
});
afterAll(() => engine.dispose());

const run = <T>(work: (ctx: Ctx) => Promise<T>) => engine.withInstance(({ t }) => t.run((ctx) => work(ctx as unknown as Ctx)));
const byGroupRank = (ctx: Ctx, group: string) =>
  ctx.db
    .query("items")
    .withIndex("by_group_rank", (q) => q.eq("group", group))
    .collect() as Promise<Item[]>;
const items = (documents: readonly unknown[]) => (documents as Item[]).filter((document) => "group" in document);

it("writes a table's documents in the order of the index built on it, and they read back the same", async () => {
  const ranks = [5, -2, 9, 0, 3, 3, -7, 1];
  await run(async (ctx) => {
    for (const [i, rank] of ranks.entries()) await ctx.db.insert("items", { group: i % 2 === 0 ? "b" : "a", rank });
  });
  const inserted = items(engine.database.snapshot().documents);
  expect(inserted.map(({ rank }) => rank)).toEqual(ranks);

  // Reading through the index builds it; the next snapshot follows it (group, then rank).
  const before = await run(async (ctx) => [...(await byGroupRank(ctx, "a")), ...(await byGroupRank(ctx, "b"))]);
  const taken = engine.database.snapshot();
  expect(items(taken.documents)).toEqual(before);
  expect(items(taken.documents).map(({ group, rank }) => `${group}${rank}`)).toEqual(["a-2", "a0", "a1", "a3", "b-7", "b3", "b5", "b9"]);

  engine.database.restore(taken);
  expect(await run(async (ctx) => [...(await byGroupRank(ctx, "a")), ...(await byGroupRank(ctx, "b"))])).toEqual(before);
  expect(await run(async (ctx) => (await ctx.db.query("items").collect()).length)).toBe(ranks.length);
});
