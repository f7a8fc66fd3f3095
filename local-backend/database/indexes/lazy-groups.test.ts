import path from "node:path";
import { compareValues, type Value } from "convex/values";
import type { GenericDataModel, GenericMutationCtx } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FunctionRunner } from "../../functions/function-runner.ts";

const convexDir = path.join(import.meta.dirname, "test-convex");
type Ctx = GenericMutationCtx<GenericDataModel>;
type Item = { _id: string; _creationTime: number; group: string; rank: number; tag?: string };

let engine: FunctionRunner;
beforeAll(async () => {
  engine = await FunctionRunner.start(convexDir);
});
afterAll(() => engine.dispose());

const run = <T>(work: (ctx: Ctx) => Promise<T>) => engine.withInstance(({ t }) => t.run((ctx) => work(ctx as unknown as Ctx)));
const all = () => run(async (ctx) => (await ctx.db.query("items").collect()) as Item[]);
const inGroup = (group: string, order: "asc" | "desc" = "asc") =>
  run(
    async (ctx) =>
      (await ctx.db
        .query("items")
        .withIndex("by_group_rank", (q) => q.eq("group", group))
        .order(order)
        .collect()) as Item[],
  );
const byGroupRank = () => run(async (ctx) => (await ctx.db.query("items").withIndex("by_group_rank").collect()) as Item[]);

/** The index order Convex defines: group, rank, creation time, id. */
function expected(items: Item[], group?: string): string[] {
  const key = (item: Item): Value[] => [item.group, item.rank, item._creationTime, item._id];
  return items
    .filter((item) => group === undefined || item.group === group)
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i++) if (compareValues(x[i]!, y[i]!) !== 0) return compareValues(x[i]!, y[i]!);
      return 0;
    })
    .map(({ _id }) => _id);
}
const ids = (items: Item[]) => items.map(({ _id }) => _id);

it("answers reads and writes of an index built from documents out of order, whose groups are sorted as they are reached", async () => {
  // Ranks out of order in every group, and a snapshot whose documents are shuffled: the index is
  // built from documents out of order, grouped by `group`, each group sorted on first use.
  await run(async (ctx) => {
    for (let i = 0; i < 300; i++)
      await ctx.db.insert("items", { group: "abcdef"[(i * 7) % 6]!, rank: (i * 37) % 101, tag: i % 2 ? "x" : "y" });
  });
  const snapshot = engine.database.snapshot();
  const shuffled = [...snapshot.documents].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  engine.database.restore({ ...snapshot, documents: shuffled, indexOrders: [] });

  const items = await all();
  // Each kind of read first on a group nobody read yet: a page at a time from its cursor, a stream.
  const pages: string[] = [];
  let cursor: string | null = null;
  for (let done = false; !done;) {
    const page = await run((ctx) =>
      ctx.db
        .query("items")
        .withIndex("by_group_rank", (q) => q.eq("group", "a"))
        .paginate({ numItems: 17, cursor }),
    );
    pages.push(...ids(page.page as Item[]));
    ({ continueCursor: cursor, isDone: done } = page);
  }
  expect(pages).toEqual(expected(await all(), "a"));
  expect(ids(await inGroup("b", "desc"))).toEqual(expected(await all(), "b").reverse());
  // Each kind of write on a group nobody read yet: a delete, a patch that keeps its place, one that moves, an insert.
  const [c, d, e] = ["c", "d", "e"].map((group) => items.filter((item) => item.group === group)[3]!);
  await run((ctx) => ctx.db.delete(c!._id as never));
  await run((ctx) => ctx.db.patch(d!._id as never, { tag: "z" }));
  await run((ctx) => ctx.db.patch(e!._id as never, { rank: -5 }));
  await run((ctx) => ctx.db.insert("items", { group: "f", rank: 50 }));
  for (const group of ["c", "d", "e", "f"]) expect(ids(await inGroup(group))).toEqual(expected(await all(), group));
  expect(ids(await byGroupRank())).toEqual(expected(await all()));
  // A first read with no equality on the first field reaches every group.
  engine.database.restore({ ...snapshot, documents: shuffled, indexOrders: [] });
  expect(ids(await byGroupRank())).toEqual(expected(await all()));
});
