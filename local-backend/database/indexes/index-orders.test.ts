import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GenericDataModel, GenericMutationCtx } from "convex/server";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { FunctionRunner } from "../../functions/function-runner.ts";
import { DATABASE_FILE, loadSnapshot } from "../storage/database-file.ts";
import type { DatabaseSnapshot } from "../storage/saved-state.ts";
import { writeSnapshotFile } from "../storage/snapshot-writer.ts";

const convexDir = path.join(import.meta.dirname, "test-convex");
type Ctx = GenericMutationCtx<GenericDataModel>;
type Item = { _id: string; group: string; rank: number; tag?: string };

let engine: FunctionRunner;
let dataDir: string;
beforeAll(async () => {
  engine = await FunctionRunner.start(convexDir);
  dataDir = await mkdtemp(path.join(tmpdir(), "apoie-index-orders-"));
});
afterAll(async () => {
  await engine.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const run = <T>(work: (ctx: Ctx) => Promise<T>) => engine.withInstance(({ t }) => t.run((ctx) => work(ctx as unknown as Ctx)));
const byTag = () => run(async (ctx) => (await ctx.db.query("items").withIndex("by_tag").collect()) as Item[]);
const byGroupRank = () => run(async (ctx) => (await ctx.db.query("items").withIndex("by_group_rank").order("desc").collect()) as Item[]);

/** The engine's state saved to the database file and read back, as a start reads it. */
async function savedAndRead(): Promise<DatabaseSnapshot> {
  await writeSnapshotFile(path.join(dataDir, DATABASE_FILE), engine.database.snapshot());
  return (await loadSnapshot(dataDir))!.snapshot;
}

/** The documents an order names, by position in the saved list. */
function ordered(snapshot: DatabaseSnapshot, index: string): unknown[] {
  const positions = Buffer.from(snapshot.indexOrders!.items![index]!, "base64");
  return Array.from({ length: positions.length / 4 }, (_, i) => snapshot.documents[positions.readUInt32LE(i * 4)]);
}

function withOrder(snapshot: DatabaseSnapshot, index: string, positions: number[]): DatabaseSnapshot {
  const encoded = Buffer.alloc(positions.length * 4);
  positions.forEach((position, i) => encoded.writeUInt32LE(position, i * 4));
  return { ...snapshot, indexOrders: { items: { ...snapshot.indexOrders!.items, [index]: encoded.toString("base64") } } };
}

let tagOrder: Item[];
let groupRankOrder: Item[];
beforeEach(async () => {
  engine.database.restore({ format: 1, nextDocId: 1, lastCreationTime: 0, lastCommitTs: "0", documents: [] });
  await run(async (ctx) => {
    for (const [i, rank] of [5, -2, 9, 0, 3, 3, -7, 1].entries()) {
      await ctx.db.insert("items", { group: i % 2 === 0 ? "b" : "a", rank, tag: ["y", "x", "z"][i % 3]! });
    }
  });
  // Reading through both indexes builds them.
  tagOrder = await byTag();
  groupRankOrder = await byGroupRank();
  expect(tagOrder.map(({ tag }) => tag)).toEqual(["x", "x", "x", "y", "y", "y", "z", "z"]);
});

it("saves the order of every index built beside the documents, and a start reads through them", async () => {
  const saved = await savedAndRead();
  expect(Object.keys(saved.indexOrders!.items!).sort()).toEqual(["by_group_rank", "by_tag"]);
  expect(ordered(saved, "by_tag")).toEqual(tagOrder);
  expect(ordered(saved, "by_group_rank")).toEqual([...groupRankOrder].reverse());

  engine.database.restore(saved);
  expect(await byTag()).toEqual(tagOrder);
  expect(await byGroupRank()).toEqual(groupRankOrder);
  // Still saved after a run that built neither index.
  engine.database.restore(saved);
  expect(Object.keys((await savedAndRead()).indexOrders!.items!).sort()).toEqual(["by_group_rank", "by_tag"]);
});

it("checks a saved order and sorts again when it is wrong, or ignores it when it does not fit the documents", async () => {
  const saved = await savedAndRead();
  const positions = Array.from({ length: 8 }, (_, i) =>
    saved.documents.indexOf(ordered(saved, "by_tag")[i] as (typeof saved.documents)[number]),
  );
  engine.database.restore(withOrder(saved, "by_tag", [...positions].reverse()));
  expect(await byTag()).toEqual(tagOrder);
  // Two documents of one tag swapped: still grouped, that group is sorted when reached.
  engine.database.restore(withOrder(saved, "by_tag", [positions[1]!, positions[0]!, ...positions.slice(2)]));
  expect(await byTag()).toEqual(tagOrder);
  engine.database.restore(withOrder(saved, "by_tag", [...positions.slice(1), 999]));
  expect(await byTag()).toEqual(tagOrder);
  engine.database.restore(withOrder(saved, "by_tag", positions.slice(1)));
  expect(await byTag()).toEqual(tagOrder);
  engine.database.restore(withOrder(saved, "by_tag", [...positions.slice(1), positions[1]!]));
  expect(await byTag()).toEqual(tagOrder);
  // One document twice in its tag's group (and another left out): still grouped, but not used.
  engine.database.restore(withOrder(saved, "by_tag", [positions[0]!, positions[1]!, positions[0]!, ...positions.slice(3)]));
  expect(await byTag()).toEqual(tagOrder);
});

it("drops a saved order once its table changes before the index is built", async () => {
  const saved = await savedAndRead();
  engine.database.restore(saved);
  // Same number of documents, one of them now elsewhere in the tag order: the saved order is stale.
  const moved = tagOrder[0]!;
  await run(async (ctx) => ctx.db.patch(moved._id as never, { tag: "zz" }));
  const tags = (await byTag()).map(({ _id, tag }) => `${_id === moved._id ? "moved:" : ""}${tag}`);
  expect(tags).toEqual(["x", "x", "y", "y", "y", "z", "z", "moved:zz"]);
});

it("saves an index whose groups are not all sorted yet, and the next start sorts the rest when reached", async () => {
  // Built from documents out of order (a shuffled snapshot), then one group read.
  const taken = engine.database.snapshot();
  engine.database.restore({ ...taken, documents: [...taken.documents].reverse(), indexOrders: [] });
  const inGroup = (group: string) =>
    run(
      async (ctx) =>
        (await ctx.db
          .query("items")
          .withIndex("by_group_rank", (q) => q.eq("group", group))
          .collect()) as Item[],
    );
  expect(await inGroup("a")).toEqual(groupRankOrder.filter(({ group }) => group === "a").reverse());
  const saved = await savedAndRead();
  expect(Object.keys(saved.indexOrders!.items!)).toContain("by_group_rank");
  engine.database.restore(saved);
  expect(await byGroupRank()).toEqual(groupRankOrder);
});
