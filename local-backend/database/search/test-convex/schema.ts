import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  articles: defineTable({ title: v.string(), body: v.string(), section: v.string(), embedding: v.optional(v.array(v.float64())) })
    .searchIndex("search_body", { searchField: "body", filterFields: ["section"] })
    .vectorIndex("by_embedding", { vectorField: "embedding", dimensions: 3, filterFields: ["section"] }),
});
