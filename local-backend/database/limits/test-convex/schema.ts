import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  items: defineTable({ batch: v.string(), n: v.number(), pad: v.optional(v.string()) }).index("by_batch", ["batch"]),
  // Any shape: the document limits' tests write what they like here.
  shapes: defineTable(v.any()),
});
