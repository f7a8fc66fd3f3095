/**
 * Functions the concurrency tests drive. `pause` lets a test run something in the middle of a
 * transaction (between its reads and its writes), as another request would on Convex. The
 * functions run in a worker thread, so the pause is a syscall to the backend, which the test
 * answers (concurrency.test.ts) once it has run what it wanted meanwhile.
 */
import { mutation, query } from "./_generated/server";
import { v } from "convex/values";

/** The syscall the test answers; the backend knows no such operation otherwise. */
export const PAUSE_SYSCALL = "occTest/pause";

async function pause(point: string): Promise<void> {
  // As convex/server reaches its backend: through the `Convex` global's syscalls.
  const { Convex } = globalThis as unknown as { Convex: { asyncSyscall: (op: string, args: string) => Promise<string> } };
  await Convex.asyncSyscall(PAUSE_SYSCALL, JSON.stringify({ point }));
}

export const createCounter = mutation({ args: {}, handler: (ctx) => ctx.db.insert("counters", { value: 0 }) });

export const counter = query({
  args: { id: v.id("counters") },
  handler: async (ctx, { id }) => (await ctx.db.get(id))?.value ?? null,
});

/** Reads the counter, pauses, writes it plus one. */
export const increment = mutation({
  args: { id: v.id("counters") },
  handler: async (ctx, { id }) => {
    const counter = await ctx.db.get(id);
    await pause("increment");
    await ctx.db.patch(id, { value: counter!.value + 1 });
    return counter!.value + 1;
  },
});

/** Like `increment`, with no pause: what another request does meanwhile. */
export const bump = mutation({
  args: { id: v.id("counters") },
  handler: async (ctx, { id }) => {
    const counter = await ctx.db.get(id);
    await ctx.db.patch(id, { value: counter!.value + 1 });
  },
});

/** Writes an item first, then increments: a failure must leave neither. */
export const logAndIncrement = mutation({
  args: { id: v.id("counters") },
  handler: async (ctx, { id }) => {
    await ctx.db.insert("items", { group: "log" });
    const counter = await ctx.db.get(id);
    await pause("increment");
    await ctx.db.patch(id, { value: counter!.value + 1 });
  },
});

/** Counts a group's items through the index, pauses, and stores the count in a counter. */
export const countGroup = mutation({
  args: { group: v.string(), into: v.id("counters") },
  handler: async (ctx, { group, into }) => {
    const items = await ctx.db
      .query("items")
      .withIndex("by_group", (q) => q.eq("group", group))
      .collect();
    await pause("countGroup");
    await ctx.db.patch(into, { value: items.length });
  },
});

export const addItem = mutation({
  args: { group: v.string() },
  handler: (ctx, { group }) => ctx.db.insert("items", { group }),
});

export const countItems = query({
  args: { group: v.string() },
  handler: async (ctx, { group }) =>
    (
      await ctx.db
        .query("items")
        .withIndex("by_group", (q) => q.eq("group", group))
        .collect()
    ).length,
});

/** Reads a group's items through the index one at a time, pausing after each; returns their ids in order. */
export const streamGroup = mutation({
  args: { group: v.string() },
  handler: async (ctx, { group }) => {
    const ids: string[] = [];
    for await (const item of ctx.db.query("items").withIndex("by_group", (q) => q.eq("group", group))) {
      ids.push(item._id);
      await pause("streamGroup");
    }
    return ids;
  },
});
