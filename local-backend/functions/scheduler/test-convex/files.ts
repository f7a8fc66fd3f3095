/** Functions the file storage tests drive. */
import { v } from "convex/values";
import { action, mutation, query } from "./_generated/server";

export const generateUploadUrl = mutation({
  args: {},
  handler: (ctx) => ctx.storage.generateUploadUrl(),
});

export const url = query({
  args: { id: v.id("_storage") },
  handler: (ctx, { id }) => ctx.storage.getUrl(id),
});

export const metadata = query({
  args: { id: v.id("_storage") },
  handler: (ctx, { id }) => ctx.db.system.get(id),
});

export const count = query({
  args: {},
  handler: async (ctx) => (await ctx.db.system.query("_storage").take(100)).length,
});

export const remove = mutation({
  args: { id: v.id("_storage") },
  handler: (ctx, { id }) => ctx.storage.delete(id),
});

export const storeText = action({
  args: { text: v.string() },
  handler: (ctx, { text }) => ctx.storage.store(new Blob([text], { type: "text/plain" })),
});

export const readText = action({
  args: { id: v.id("_storage") },
  handler: async (ctx, { id }) => (await (await ctx.storage.get(id))?.text()) ?? null,
});
