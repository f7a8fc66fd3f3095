import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  counters: defineTable({ value: v.number() }),
  items: defineTable({ group: v.string() }).index("by_group", ["group"]),
});
