import path from "node:path";
import { makeFunctionReference, type GenericDataModel, type GenericMutationCtx } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FunctionRunner } from "../functions/function-runner.ts";
import { internalsOf, openQueryStreams, type ConvexTestInstance } from "./convex-test-adapter.ts";

const convexDir = path.join(import.meta.dirname, "..", "functions", "scheduler", "test-convex");
const writeNote = makeFunctionReference<"mutation", { text: string }>("jobs:write");
type Ctx = GenericMutationCtx<GenericDataModel>;

const NOTES = 200;
const TRANSACTIONS = 50;

let engine: FunctionRunner;
beforeAll(async () => {
  engine = await FunctionRunner.start(convexDir);
  await engine.withInstance(({ t }) =>
    t.run(async (ctx) => {
      for (let note = 0; note < NOTES; note++) await (ctx as unknown as Ctx).db.insert("notes", { text: String(note) });
    }),
  );
});
afterAll(() => engine.dispose());

/** How many query streams are still held in the caller's line, over every component. */
function heldQueryStreams(instance: ConvexTestInstance): number {
  let streams = 0;
  for (const { db } of Object.values(internalsOf(instance).components)) streams += Object.keys(openQueryStreams(db)).length;
  return streams;
}

/** A transaction that opens a stream over the whole table and stops after its first row. */
function readFirst({ t }: ConvexTestInstance, fail: boolean): Promise<unknown> {
  return t.run(async (ctx) => {
    let first: string | null = null;
    for await (const note of (ctx as unknown as Ctx).db.query("notes")) {
      first = String(note._id);
      break;
    }
    if (fail) throw new Error("rolled back");
    return first;
  });
}

it("keeps no query stream past the top-level transaction that opened it, committed or rolled back", async () => {
  // One line of transactions (engine.withInstance), one after another.
  const held = await engine.withInstance(async (instance) => {
    for (let i = 0; i < TRANSACTIONS; i++) {
      expect(await readFirst(instance, false)).not.toBeNull();
      await expect(readFirst(instance, true)).rejects.toThrow("rolled back");
    }
    return heldQueryStreams(instance);
  });
  // convex-test would keep each of these 100 transactions' stream, with the 199 notes it did not read.
  expect(held).toBe(0);
});

it("still hands out every row of a stream read across a nested mutation", async () => {
  const read = await engine.withInstance(({ t }) =>
    t.run(async (ctx) => {
      const db = (ctx as unknown as Ctx).db;
      const texts: string[] = [];
      for await (const note of db.query("notes")) {
        texts.push(note.text as string);
        // A nested transaction ending in the middle of the stream leaves the stream open.
        if (texts.length === 10) await (ctx as unknown as Ctx).runMutation(writeNote, { text: "nested" });
      }
      return texts;
    }),
  );
  expect(read).toEqual(Array.from({ length: NOTES }, (_, note) => String(note)));
});
