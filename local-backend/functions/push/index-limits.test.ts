/** Convex's index limits on a pushed schema, in its words (the push test refuses them through the CLI). */
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { expect, it } from "vitest";
import { checkIndexLimits } from "./index-diff.ts";

const fields = (count: number) => Array.from({ length: count }, (_, n) => `f${n}`);
const tableWith = (indexes: number, fieldsEach: number) => {
  let table = defineTable(v.any());
  for (let n = 0; n < indexes; n++) table = table.index(`by_${n}`, fields(fieldsEach) as never);
  return table;
};

it("takes 32 indexes on a table and refuses 33, counting text and vector indexes", () => {
  expect(() => checkIndexLimits(defineSchema({ items: tableWith(32, 1) }))).not.toThrow();
  expect(() => checkIndexLimits(defineSchema({ items: tableWith(33, 1) }))).toThrow('Table "items" cannot have more than 32 indexes.');
  const withSearch = tableWith(31, 1)
    .searchIndex("search_text", { searchField: "text" })
    .vectorIndex("by_vector", { vectorField: "v", dimensions: 2 });
  expect(() => checkIndexLimits(defineSchema({ items: withSearch }))).toThrow('Table "items" cannot have more than 32 indexes.');
});

it("takes an index on 16 fields and refuses 17 (_creationTime not counted)", () => {
  expect(() => checkIndexLimits(defineSchema({ items: tableWith(1, 16) }))).not.toThrow();
  expect(() => checkIndexLimits(defineSchema({ items: tableWith(1, 17) }))).toThrow("Indexes may have up to 16 fields.");
});
