/** Functions that break Convex's runtime rules, or show them, for the runtime's tests. */
import { makeFunctionReference } from "convex/server";
import { v } from "convex/values";
import { action, mutation, query } from "./_generated/server";

/** Waits on the real clock, which `Date` no longer shows inside a query or mutation. */
function busyWait(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose
  }
}

// Module-level code runs when the code is loaded: Convex freezes its clock at that moment.
const loadedAt = Date.now();
busyWait(20);
const loadedAtAgain = Date.now();

export const quick = query({ args: {}, handler: async () => "answered" });

export const loop = query({
  args: {},
  handler: async () => {
    for (;;) {
      // a query that never ends
    }
  },
});

export const writeThenLoop = mutation({
  args: {},
  handler: async (ctx) => {
    await ctx.db.insert("notes", { text: "never committed" });
    for (;;) {
      // a mutation that never ends, after a write
    }
  },
});

export const count = query({ args: {}, handler: async (ctx) => (await ctx.db.query("notes").collect()).length });

export const clock = mutation({
  args: {},
  handler: async (ctx) => {
    const first = Date.now();
    await ctx.db.insert("notes", { text: "a write between the readings" });
    busyWait(30);
    return { first, later: Date.now(), constructed: new Date().getTime(), loadedAt, loadedAtAgain };
  },
});

export const random = query({ args: {}, handler: async () => [Math.random(), Math.random(), Math.random()] });

export const globals = query({
  args: {},
  handler: async () => {
    const timers = (() => {
      try {
        setTimeout(() => {}, 0);
        return "allowed";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    return { processKeys: Object.keys(process), env: Object.keys(process.env).sort(), require: typeof require, timers };
  },
});

export const exhaustMemory = action({
  args: {},
  handler: async () => {
    const kept: number[][] = [];
    for (;;) kept.push(new Array(4_000_000).fill(kept.length + 0.5));
  },
});

export const crashLater = action({
  args: {},
  handler: async () => {
    setTimeout(() => {
      throw new Error("crashed outside the call");
    }, 0);
    await new Promise((resolve) => setTimeout(resolve, 60_000));
  },
});

export const sleep = action({
  args: { ms: v.number() },
  handler: async (_ctx, { ms }) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return "woke";
  },
});

/** Where a mutation runs: Convex's runtime shows no `process.versions`. */
export const whereAmI = mutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    await ctx.db.insert("notes", { text });
    return { text, nodeVersion: (process as { versions?: { node?: string } }).versions?.node ?? null };
  },
});

/** Writes, then returns `size` characters: a return value past the limit must undo the write. */
export const writeThenReturn = mutation({
  args: { size: v.number() },
  handler: async (ctx, { size }) => {
    await ctx.db.insert("notes", { text: "returned big" });
    return "x".repeat(size);
  },
});

const whereAmIRef = makeFunctionReference<"mutation", { text: unknown }>("runtime:whereAmI");

/** `text`, or a string of it `times` over: arguments larger than those the action was called with. */
const grown = (text: unknown, times: number | undefined) => (times === undefined ? text : String(text).repeat(times));

/** Calls `whereAmI` with whatever it is given: a call between functions, checked as a client's. */
export const callWithArgs = action({
  args: { text: v.any(), times: v.optional(v.number()) },
  handler: (ctx, { text, times }) => ctx.runMutation(whereAmIRef, { text: grown(text, times) }),
});

export const scheduleWithArgs = action({
  args: { text: v.any(), times: v.optional(v.number()) },
  handler: (ctx, { text, times }) => ctx.scheduler.runAfter(0, whereAmIRef, { text: grown(text, times) }),
});

export const job = query({ args: { id: v.id("_scheduled_functions") }, handler: (ctx, { id }) => ctx.db.system.get(id) });
