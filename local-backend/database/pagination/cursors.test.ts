/**
 * Pagination cursors are opaque and bound to the query that made them: another query's cursor
 * gets Convex's InvalidCursor error (the ConvexError `usePaginatedQuery` restarts on), and a
 * string that is no cursor, or a cursor whose position was edited, "Failed to parse cursor"
 * (Convex encrypts its cursors with the instance secret).
 */
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference, type PaginationResult } from "convex/server";
import { ConvexError } from "convex/values";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "../../server.ts";
import { startTestBackend } from "../../test-support.ts";

const add = makeFunctionReference<"mutation", { title: string; body: string; section: string }, string>("articles:add");
const page = makeFunctionReference<"query", { section: string; cursor: string | null }, PaginationResult<{ title: string }>>(
  "articles:page",
);

let backend: LocalBackend;
let client: ConvexHttpClient;

beforeAll(async () => {
  backend = await startTestBackend({ convexDir: path.join(import.meta.dirname, "..", "search", "test-convex") });
  client = new ConvexHttpClient(backend.url);
  for (const title of ["um", "dois", "três"]) await client.mutation(add, { title, body: title, section: "a" });
  for (const title of ["quatro", "cinco", "seis"]) await client.mutation(add, { title, body: title, section: "b" });
}, 60_000);

afterAll(async () => {
  await backend.close();
});

it("pages with cursors that show nothing of the documents", async () => {
  const first = await client.query(page, { section: "a", cursor: null });
  expect(first.page.map((row) => row.title)).toEqual(["três", "dois"]);
  expect(first.continueCursor).not.toMatch(/_creationTime|\[|"|\d{10}/);
  expect(() => JSON.parse(first.continueCursor) as unknown).toThrow();
  const second = await client.query(page, { section: "a", cursor: first.continueCursor });
  expect(second.page.map((row) => row.title)).toEqual(["um"]);
  expect(second.isDone).toBe(true);
});

it("refuses another query's cursor with Convex's InvalidCursor error, and a string that is no cursor", async () => {
  const first = await client.query(page, { section: "a", cursor: null });
  const error = await client.query(page, { section: "b", cursor: first.continueCursor }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ConvexError);
  expect((error as ConvexError<Record<string, boolean | string>>).data).toEqual({
    isConvexSystemError: true,
    paginationError: "InvalidCursor",
  });
  await expect(client.query(page, { section: "a", cursor: '["1"]' })).rejects.toThrow(/InvalidCursor: Failed to parse cursor/);
});

it("refuses a cursor whose position was edited, as Convex's encrypted cursors are, instead of answering an empty page", async () => {
  const first = await client.query(page, { section: "a", cursor: null });
  const payload = Buffer.from(first.continueCursor.replace(/^c\d+\./, ""), "base64url");
  // The position cannot be read out of the cursor, so it cannot be edited in place either.
  expect(payload.toString("utf8")).not.toMatch(/_creationTime|"\[/);
  expect(() => JSON.parse(payload.toString("utf8")) as unknown).toThrow();
  for (const at of [0, Math.floor(payload.length / 2), payload.length - 1]) {
    const edited = Buffer.from(payload);
    edited[at] = edited[at]! ^ 0x01;
    const cursor = first.continueCursor.slice(0, first.continueCursor.indexOf(".") + 1) + edited.toString("base64url");
    await expect(client.query(page, { section: "a", cursor })).rejects.toThrow(/InvalidCursor: Failed to parse cursor/);
  }
  // The untouched cursor still pages on.
  expect((await client.query(page, { section: "a", cursor: first.continueCursor })).page.map((row) => row.title)).toEqual(["um"]);
});
