import { expect, it } from "vitest";
import type { Document } from "./convex-test-adapter.ts";
import { DocumentsById } from "./documents-by-id.ts";

// Ids in the counter form (digits, then the table's name) name their table without a table number list.
const doc = (id: string, value: number): Document => ({ _id: id, _creationTime: value, value }) as Document;
const saved = () =>
  new DocumentsById(
    new Map([
      ["items", [doc("1items", 1), doc("2items", 2)]],
      ["users", [doc("3users", 3)]],
    ]),
  );
const values = (documents: Map<string, Document>) => [...documents.values()].map((document) => document.value);

it("finds every saved document by id, and lists them all", () => {
  const documents = saved();
  expect(documents.get("2items")?.value).toBe(2);
  expect(documents.has("3users")).toBe(true);
  expect(documents.get("4items")).toBeUndefined();
  expect(documents.size).toBe(3);
  expect([...documents.keys()].sort()).toEqual(["1items", "2items", "3users"]);
  expect(values(documents).sort()).toEqual([1, 2, 3]);
});

it("keeps a change made before its table was filed: the saved version never comes back", () => {
  const documents = saved();
  documents.set("1items", doc("1items", 10));
  documents.delete("3users");
  documents.set("5users", doc("5users", 5));
  expect(values(documents).sort((a, b) => Number(a) - Number(b))).toEqual([2, 5, 10]);
  expect(documents.get("1items")?.value).toBe(10);
  expect(documents.has("3users")).toBe(false);
});

it("lists every table's documents however it is walked", () => {
  expect([...saved()].length).toBe(3);
  expect([...saved().entries()].length).toBe(3);
  const seen: string[] = [];
  saved().forEach((_document, id) => seen.push(id));
  expect(seen.sort()).toEqual(["1items", "2items", "3users"]);
  const cleared = saved();
  cleared.clear();
  expect(cleared.size).toBe(0);
  expect(cleared.get("1items")).toBeUndefined();
});
