import path from "node:path";
import { convexTest } from "convex-test";
import type { GenericDataModel, GenericMutationCtx, PaginationResult, SchemaDefinition } from "convex/server";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FunctionRunner } from "../../functions/function-runner.ts";
import { loadModules, type LoadedModules } from "../../functions/modules.ts";

const convexDir = path.join(import.meta.dirname, "test-convex");
type Ctx = GenericMutationCtx<GenericDataModel>;

type Write =
  | { kind: "insert"; group: string; rank: number; tag: string | undefined }
  | { kind: "patch"; pick: number; group: string; rank: number }
  | { kind: "delete"; pick: number };
type Bound = { strict: boolean; rank: number } | null;
type Read = {
  index: "by_group_rank" | "by_tag" | "by_creation_time" | "full scan";
  group: string;
  tag: string | undefined;
  lower: Bound;
  upper: Bound;
  desc: boolean;
  take: number | null;
  rankAbove: number | null;
};

const groups = fc.constantFrom("a", "b", "c");
const ranks = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(-0, 0.5, 2.5));
const tags = fc.constantFrom("x", "y", undefined);
const bound: fc.Arbitrary<Bound> = fc.option(fc.record({ strict: fc.boolean(), rank: ranks }), { nil: null });
const write: fc.Arbitrary<Write> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("insert" as const), group: groups, rank: ranks, tag: tags }) },
  fc.record({ kind: fc.constant("patch" as const), pick: fc.nat(), group: groups, rank: ranks }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
);
const read: fc.Arbitrary<Read> = fc.record({
  index: fc.constantFrom("by_group_rank" as const, "by_tag" as const, "by_creation_time" as const, "full scan" as const),
  group: groups,
  tag: tags,
  lower: bound,
  upper: bound,
  desc: fc.boolean(),
  take: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  rankAbove: fc.option(ranks, { nil: null }),
});
/** One transaction: some writes, then reads that see them (pending), and after it the same reads again (committed). */
const step = fc.record({ writes: fc.array(write, { maxLength: 5 }), reads: fc.array(read, { minLength: 1, maxLength: 3 }) });

async function applyWrite(ctx: Ctx, ids: string[], change: Write): Promise<void> {
  if (change.kind === "insert") {
    ids.push(
      await ctx.db.insert(
        "items",
        change.tag === undefined ? { group: change.group, rank: change.rank } : { group: change.group, rank: change.rank, tag: change.tag },
      ),
    );
    return;
  }
  if (ids.length === 0) return;
  const [id] = change.kind === "delete" ? ids.splice(change.pick % ids.length, 1) : [ids[change.pick % ids.length]];
  if (change.kind === "delete") await ctx.db.delete(id as never);
  else await ctx.db.patch(id as never, { group: change.group, rank: change.rank });
}

/** The ids a read returns, in order. */
async function runRead(ctx: Ctx, query: Read): Promise<string[]> {
  type Range = {
    eq: (field: string, value: unknown) => Range;
    gt: (field: string, value: unknown) => Range;
    gte: (field: string, value: unknown) => Range;
    lt: (field: string, value: unknown) => Range;
    lte: (field: string, value: unknown) => Range;
  };
  const table = ctx.db.query("items");
  const indexed =
    query.index === "full scan"
      ? table
      : query.index === "by_tag"
        ? table.withIndex("by_tag", (q) => (q as unknown as Range).eq("tag", query.tag) as never)
        : table.withIndex(query.index, (q) => {
            const field = query.index === "by_group_rank" ? "rank" : "_creationTime";
            let range = q as unknown as Range;
            if (query.index === "by_group_rank") range = range.eq("group", query.group);
            // Creation times differ between the instances: bounds on them stay whole seconds away from now.
            const value = (rank: number) => (query.index === "by_group_rank" ? rank : Date.now() + (rank >= 0 ? rank + 1 : rank) * 1000);
            if (query.lower !== null)
              range = query.lower.strict ? range.gt(field, value(query.lower.rank)) : range.gte(field, value(query.lower.rank));
            if (query.upper !== null)
              range = query.upper.strict ? range.lt(field, value(query.upper.rank)) : range.lte(field, value(query.upper.rank));
            return range as never;
          });
  let ordered = indexed.order(query.desc ? "desc" : "asc");
  const above = query.rankAbove;
  if (above !== null) ordered = ordered.filter((q) => q.gt(q.field("rank"), above));
  const documents = query.take === null ? await ordered.collect() : await ordered.take(query.take);
  return documents.map((document) => String(document._id));
}

let engine: FunctionRunner;
let modules: LoadedModules;
beforeAll(async () => {
  engine = await FunctionRunner.start(convexDir);
  modules = await loadModules(convexDir);
});
afterAll(async () => {
  await engine.dispose();
  await modules.release();
});

it(
  "answers every index range and table scan, order, filter and take as convex-test's full scan does, pending writes included",
  { timeout: 120_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        // A fresh table per run: the engine's instance keeps its data, so start from what it holds.
        const indexed = await engine.withInstance(async ({ t }) => t);
        await indexed.run(async (ctx) => {
          for (const item of await ctx.db.query("items").collect()) await ctx.db.delete(item._id);
        });
        const plain = convexTest(modules.byPath.get("schema")!.default as SchemaDefinition<never, boolean>, modules.glob);
        const ids = { indexed: [] as string[], plain: [] as string[] };
        for (const { writes, reads } of steps) {
          const inTransaction = async (t: typeof plain, own: string[]) =>
            t.run(async (ctx) => {
              for (const change of writes) await applyWrite(ctx as unknown as Ctx, own, change);
              return Promise.all(reads.map((query) => runRead(ctx as unknown as Ctx, query)));
            });
          const afterCommit = (t: typeof plain) => t.run((ctx) => Promise.all(reads.map((query) => runRead(ctx as unknown as Ctx, query))));
          // Ids differ between the instances (the engine's counter is further on): compare positions.
          const pendingIndexed = await inTransaction(indexed, ids.indexed);
          const pendingPlain = await inTransaction(plain, ids.plain);
          const rename = (lists: string[][], own: string[], other: string[]) =>
            lists.map((list) => list.map((id) => other[own.indexOf(id)] ?? id));
          expect(rename(pendingIndexed, ids.indexed, ids.plain)).toEqual(pendingPlain);
          expect(rename(await afterCommit(indexed), ids.indexed, ids.plain)).toEqual(await afterCommit(plain));
        }
      }),
      { numRuns: 60 },
    );
  },
);

type PagedRead = { index: "by_group_rank" | "by_creation_time" | "full scan"; desc: boolean };

/** The ranks of every page of `read`, 7 at a time, each page in a transaction that first inserts into the range. */
async function walkPages(t: ReturnType<typeof convexTest>, read: PagedRead): Promise<number[][]> {
  const pages: number[][] = [];
  let cursor: string | null = null;
  for (let page = 0; ; page++) {
    const result = await t.run(async (ctx) => {
      // A pending write, in the range and (in ascending order) after every cursor.
      await ctx.db.insert("items", { group: "b", rank: 100 + page });
      // The test schema's tables are not in this file's types.
      const table = ctx.db.query("items") as unknown as {
        withIndex: (name: string, range?: (q: { eq: (field: string, value: string) => unknown }) => unknown) => typeof table;
        order: (order: "asc" | "desc") => {
          paginate: (options: { numItems: number; cursor: string | null }) => Promise<PaginationResult<{ rank: number }>>;
        };
      };
      const indexed =
        read.index === "full scan"
          ? table
          : read.index === "by_group_rank"
            ? table.withIndex("by_group_rank", (q) => q.eq("group", "b"))
            : table.withIndex("by_creation_time");
      return indexed.order(read.desc ? "desc" : "asc").paginate({ numItems: 7, cursor });
    });
    pages.push(result.page.map((item) => item.rank));
    if (result.isDone || page === 30) return pages;
    cursor = result.continueCursor;
  }
}

it("reads each page of an index range or table scan from its cursor on, as convex-test's full scan does", { timeout: 60_000 }, async () => {
  const indexed = await engine.withInstance(async ({ t }) => t);
  const plain = convexTest(modules.byPath.get("schema")!.default as SchemaDefinition<never, boolean>, modules.glob);
  const reads: PagedRead[] = [
    { index: "by_group_rank", desc: false },
    { index: "by_group_rank", desc: true },
    { index: "full scan", desc: false },
    { index: "by_creation_time", desc: true },
  ];
  for (const read of reads) {
    const walks = [];
    for (const t of [indexed, plain]) {
      await t.run(async (ctx) => {
        for (const item of await ctx.db.query("items").collect()) await ctx.db.delete(item._id);
        for (let n = 0; n < 60; n++) await ctx.db.insert("items", { group: n % 3 === 0 ? "a" : "b", rank: (n * 7) % 60 });
      });
      walks.push(await walkPages(t, read));
    }
    const [indexedPages, plainPages] = walks;
    expect(indexedPages!.length).toBeGreaterThan(4);
    expect(indexedPages).toEqual(plainPages);
  }
});
