/** Functions that log, for the logLines tests. */
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

export const greet = query({
  args: { name: v.string() },
  handler: (_ctx, { name }) => {
    console.log("olá", name, { times: 2 });
    return name;
  },
});

export const warn = mutation({
  args: {},
  handler: () => {
    console.warn("cuidado");
    return null;
  },
});
