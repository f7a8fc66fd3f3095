/**
 * `withSearchIndex` and `ctx.vectorSearch` answer as on Convex: terms split on punctuation,
 * ranked by relevance, only the last query word matched as a prefix, equality filters only on
 * the index's filter fields; vector searches checked for dimensions, limit and filter fields.
 */
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "../../server.ts";
import { startTestBackend } from "../../test-support.ts";
import { tokenize } from "./text-search.ts";

type Article = { title: string; body: string; section: string; embedding?: number[] };
const add = makeFunctionReference<"mutation", Article, string>("articles:add");
const search = makeFunctionReference<"query", { text: string; section?: string; filterField?: string; take?: number }, string[]>(
  "articles:search",
);
const nearest = makeFunctionReference<"action", { vector: number[]; limit?: number; filterField?: string }, number>("articles:nearest");

let backend: LocalBackend;
let client: ConvexHttpClient;

beforeAll(async () => {
  backend = await startTestBackend({ convexDir: path.join(import.meta.dirname, "test-convex") });
  client = new ConvexHttpClient(backend.url);
  const articles: Article[] = [
    { title: "história", body: "a long story about cats, told slowly", section: "pets" },
    { title: "chuva", body: "rain, cats and dogs", section: "weather" },
    { title: "cães", body: "dogs only", section: "pets" },
    { title: "arte", body: "state-of-the-art design", section: "design" },
    { title: "notas", body: "design notes", section: "design" },
    { title: "olá", body: "Olá, MUNDO! Açaí-na-tigela", section: "food" },
  ];
  for (const [index, article] of articles.entries()) await client.mutation(add, { ...article, embedding: [1, index, 0] });
  for (let index = 0; index < 6; index++) {
    await client.mutation(add, { title: `extra ${index}`, body: "filler", section: "other", embedding: [0, 1, index] });
  }
}, 60_000);

afterAll(async () => {
  await backend.close();
});

it("tokenizes as Convex: split on anything not a letter or digit, lowercased, terms of 32 bytes or more dropped", () => {
  expect(tokenize("State-of-the-art, design! Olá/MUNDO_2026")).toEqual(["state", "of", "the", "art", "design", "olá", "mundo", "2026"]);
  expect(tokenize(`ok ${"x".repeat(32)} ${"y".repeat(31)}`)).toEqual(["ok", "y".repeat(31)]);
});

it("finds words joined by punctuation, in any letter case", async () => {
  expect(await client.query(search, { text: "art" })).toEqual(["arte"]);
  expect(await client.query(search, { text: "mundo" })).toEqual(["olá"]);
  expect(await client.query(search, { text: "tigela" })).toEqual(["olá"]);
});

it("ranks by relevance: the document with both words first, then the shorter of those with one", async () => {
  expect(await client.query(search, { text: "cats dogs" })).toEqual(["chuva", "cães", "história"]);
  expect(await client.query(search, { text: "cats dogs", take: 1 })).toEqual(["chuva"]);
});

it("matches only the last query word as a prefix", async () => {
  expect(await client.query(search, { text: "des zzz" })).toEqual([]);
  expect(await client.query(search, { text: "notes des" })).toEqual(["notas", "arte"]);
  expect(await client.query(search, { text: "sto" })).toEqual(["história"]);
  expect(await client.query(search, { text: "sto about" })).toEqual(["história"]);
});

it("filters on the index's filter fields only", async () => {
  expect(await client.query(search, { text: "cats dogs", section: "pets" })).toEqual(["cães", "história"]);
  await expect(client.query(search, { text: "cats", section: "história", filterField: "title" })).rejects.toThrow(
    /equality filter on "title" but that field isn't indexed for filtering in `filterFields`/,
  );
});

it("checks vector searches: the index's dimensions, a limit of 1 to 256 (10 by default), declared filter fields", async () => {
  expect(await client.action(nearest, { vector: [1, 0, 0] })).toBe(10);
  expect(await client.action(nearest, { vector: [1, 0, 0], limit: 3 })).toBe(3);
  await expect(client.action(nearest, { vector: [1, 0] })).rejects.toThrow(/Expected a vector with dimensions 3, received 2/);
  await expect(client.action(nearest, { vector: [1, 0, 0], limit: 257 })).rejects.toThrow(/at most 256 results, requested 257/);
  await expect(client.action(nearest, { vector: [1, 0, 0], limit: 0 })).rejects.toThrow(/at least 1 result/);
  await expect(client.action(nearest, { vector: [1, 0, 0], filterField: "title" })).rejects.toThrow(
    /filter on "title" but that field isn't indexed for filtering/,
  );
});
