/** Functions the scheduler tests drive: schedule, cancel, fail, and look at the results. */
import { makeFunctionReference } from "convex/server";
import { v } from "convex/values";
import { action, internalMutation, mutation, query } from "./_generated/server";

const writeRef = makeFunctionReference<"mutation", { text: string }>("jobs:write");
const failRef = makeFunctionReference<"mutation", { text: string }>("jobs:fail");

export const schedule = mutation({
  args: { delayMs: v.number(), text: v.string(), failing: v.optional(v.boolean()) },
  handler: (ctx, { delayMs, text, failing }) => ctx.scheduler.runAfter(delayMs, failing ? failRef : writeRef, { text }),
});

/** The syscall the test answers (scheduler.test.ts): the backend knows no such operation otherwise. */
export const PAUSE_SYSCALL = "schedulerTest/pause";

/** Schedules a job due now, then waits for the test before it commits. */
export const scheduleThenPause = mutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    const id = await ctx.scheduler.runAfter(0, writeRef, { text });
    const { Convex } = globalThis as unknown as { Convex: { asyncSyscall: (op: string, args: string) => Promise<string> } };
    await Convex.asyncSyscall(PAUSE_SYSCALL, "{}");
    return id;
  },
});

export const scheduleAt = mutation({
  args: { at: v.number(), text: v.string() },
  handler: (ctx, { at, text }) => ctx.scheduler.runAt(at, writeRef, { text }),
});

export const scheduleFromAction = action({
  args: { delayMs: v.number(), text: v.string() },
  handler: (ctx, { delayMs, text }) => ctx.scheduler.runAfter(delayMs, writeRef, { text }),
});

/** An action that commits through a mutation, as Convex Auth's sign-in does. */
export const writeFromAction = action({
  args: { text: v.string() },
  handler: (ctx, { text }) => ctx.runMutation(writeRef, { text }),
});

export const cancel = mutation({
  args: { id: v.id("_scheduled_functions") },
  handler: (ctx, { id }) => ctx.scheduler.cancel(id),
});

export const write = internalMutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    // What `npx convex logs` shows of a scheduled job.
    console.log("note written:", text);
    await ctx.db.insert("notes", { text });
  },
});

export const fail = internalMutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    await ctx.db.insert("notes", { text });
    throw new Error(`job ${text} failed on purpose`);
  },
});

export const tick = internalMutation({
  args: {},
  handler: async (ctx) => {
    await ctx.db.insert("notes", { text: "tick" });
  },
});

export const notes = query({
  args: {},
  handler: async (ctx) => (await ctx.db.query("notes").take(100)).map((note) => note.text),
});

export const job = query({
  args: { id: v.id("_scheduled_functions") },
  handler: (ctx, { id }) => ctx.db.system.get(id),
});
