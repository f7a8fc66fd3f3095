/** What functions see of the environment, for the isolation tests. */
import { v } from "convex/values";
import { query } from "./_generated/server";

export const read = query({
  args: { names: v.array(v.string()) },
  handler: async (_ctx, { names }) => Object.fromEntries(names.map((name) => [name, process.env[name] ?? null])),
});

export const names = query({ args: {}, handler: async () => Object.keys(process.env).sort() });
