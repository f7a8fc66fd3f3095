/**
 * Functions that go as far as each of Convex's limits they are asked to (the limits tests).
 * Every batch of items lives under its own `batch` name, so tests do not see each other's rows.
 */
import { internalMutation, mutation, query } from "./_generated/server";
import { makeFunctionReference } from "convex/server";
import { v, type Value } from "convex/values";

export const insertItems = mutation({
  args: { batch: v.string(), count: v.number(), padBytes: v.optional(v.number()) },
  handler: async (ctx, { batch, count, padBytes }) => {
    const pad = padBytes === undefined ? undefined : "x".repeat(padBytes);
    for (let n = 0; n < count; n++) await ctx.db.insert("items", { batch, n, pad });
    return count;
  },
});

/** Every item of a batch: one index range, a document read per row. */
export const readBatch = query({
  args: { batch: v.string() },
  handler: async (ctx, { batch }) =>
    (
      await ctx.db
        .query("items")
        .withIndex("by_batch", (q) => q.eq("batch", batch))
        .collect()
    ).length,
});

/** None of the batch passes the filter: every row is read and dropped. */
export const readBatchFiltered = query({
  args: { batch: v.string() },
  handler: async (ctx, { batch }) =>
    (
      await ctx.db
        .query("items")
        .withIndex("by_batch", (q) => q.eq("batch", batch))
        .filter((q) => q.lt(q.field("n"), 0))
        .collect()
    ).length,
});

/** The same through a page (`.paginate`): dropped rows count there too. */
export const pageBatchFiltered = query({
  args: { batch: v.string(), numItems: v.number() },
  handler: async (ctx, { batch, numItems }) => {
    const page = await ctx.db
      .query("items")
      .withIndex("by_batch", (q) => q.eq("batch", batch))
      .filter((q) => q.lt(q.field("n"), 0))
      .paginate({ numItems, cursor: null });
    return page.page.length;
  },
});

/** `count` index ranges: one `db.query(…).first()` each. */
export const manyRanges = query({
  args: { count: v.number() },
  handler: async (ctx, { count }) => {
    for (let n = 0; n < count; n++)
      await ctx.db
        .query("items")
        .withIndex("by_batch", (q) => q.eq("batch", `none-${n}`))
        .first();
    return count;
  },
});

/** Reads past a limit, catches the refusal, then writes: the write must not land. */
export const catchAndWrite = mutation({
  args: { batch: v.string() },
  handler: async (ctx, { batch }) => {
    try {
      await ctx.db
        .query("items")
        .withIndex("by_batch", (q) => q.eq("batch", batch))
        .collect();
    } catch {
      // Ignored on purpose: the commit is refused all the same.
    }
    await ctx.db.insert("items", { batch: `${batch}-after`, n: 0 });
    return null;
  },
});

/** Deletes a batch (each delete is a write). */
export const deleteBatch = mutation({
  args: { batch: v.string() },
  handler: async (ctx, { batch }) => {
    const rows = await ctx.db
      .query("items")
      .withIndex("by_batch", (q) => q.eq("batch", batch))
      .collect();
    for (const row of rows) await ctx.db.delete(row._id);
    return rows.length;
  },
});

/** Builds a document of the asked shape and stores it. */
export const insertShape = mutation({
  args: { kind: v.string(), size: v.number() },
  handler: async (ctx, { kind, size }) => {
    let document: Record<string, Value>;
    if (kind === "bytes") document = { text: "x".repeat(size) };
    else if (kind === "array") document = { list: Array.from({ length: size }, (_, n) => n) };
    else if (kind === "nesting") {
      let value: Value = 1;
      for (let level = 1; level < size; level++) value = { inner: value };
      document = { value };
    } else if (kind === "fields") document = Object.fromEntries(Array.from({ length: size }, (_, n) => [`f${n}`, n]));
    else if (kind === "name") document = { ["a".repeat(size)]: 1 };
    else document = { nested: { ["a".repeat(size)]: 1 } };
    return await ctx.db.insert("shapes", document);
  },
});

/** Patches an existing shape to a large one: a patch is checked as the whole document it makes. */
export const growShape = mutation({
  args: { id: v.id("shapes"), size: v.number() },
  handler: async (ctx, { id, size }) => {
    await ctx.db.patch(id, { text: "y".repeat(size) });
    return null;
  },
});

export const noop = internalMutation({ args: { payload: v.optional(v.string()) }, handler: async () => null });

/** Schedules `count` jobs an hour from now, each with `payloadBytes` of arguments. */
export const scheduleMany = mutation({
  args: { count: v.number(), payloadBytes: v.number() },
  handler: async (ctx, { count, payloadBytes }) => {
    const payload = "p".repeat(payloadBytes);
    const noopRef = makeFunctionReference<"mutation">("limits:noop");
    for (let n = 0; n < count; n++) await ctx.scheduler.runAfter(3_600_000, noopRef, { payload });
    return count;
  },
});

export const countJobs = query({
  args: {},
  handler: async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).length,
});

export const countShapes = query({ args: {}, handler: async (ctx) => (await ctx.db.query("shapes").collect()).length });

/** A return value of `bytes` bytes. */
export const bigResult = query({ args: { bytes: v.number() }, handler: async (_ctx, { bytes }) => "r".repeat(bytes) });

export const echo = mutation({ args: { payload: v.string() }, handler: async (_ctx, { payload }) => payload.length });

export const itemById = query({ args: { id: v.id("items") }, handler: async (ctx, { id }) => (await ctx.db.get(id))?.n ?? null });
