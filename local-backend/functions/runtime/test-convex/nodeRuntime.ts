"use node";
/** `"use node"` actions for the runtime's tests: what their process sees, and ways to end it. */
import os from "node:os";
import { makeFunctionReference } from "convex/server";
import { v } from "convex/values";
import { action } from "./_generated/server";

const whereAmI = makeFunctionReference<"mutation", { text: string }, { text: string; nodeVersion: string | null }>("runtime:whereAmI");

export const environment = action({
  args: {},
  handler: async () => ({ home: os.homedir(), cwd: process.cwd(), env: Object.keys(process.env).sort(), pid: process.pid }),
});

/** Node's own modules work; the mutation it calls runs back in Convex's runtime. */
export const callMutation = action({
  args: { text: v.string() },
  handler: async (ctx, { text }) => ({ action: process.versions.node, mutation: await ctx.runMutation(whereAmI, { text }) }),
});

export const length = action({ args: { text: v.string() }, handler: async (_ctx, { text }) => text.length });

export const exit = action({
  args: {},
  handler: async () => {
    process.exit(3);
  },
});

export const exhaustMemory = action({
  args: {},
  handler: async () => {
    const kept: number[][] = [];
    for (;;) kept.push(new Array(4_000_000).fill(kept.length + 0.5));
  },
});
