import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

/** A table whose indexes the index tests query: a prefix field, a sort field and an optional one. */
export default defineSchema({
  items: defineTable({ group: v.string(), rank: v.number(), tag: v.optional(v.string()) })
    .index("by_group_rank", ["group", "rank"])
    .index("by_tag", ["tag"]),
});
