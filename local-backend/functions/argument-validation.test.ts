/**
 * Argument validation errors read as Convex's (its backend's ValidationError): the missing
 * field, the extra field and the value that does not match, with the path to it and the
 * value and validator written as Convex writes them.
 */
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference, queryGeneric } from "convex/server";
import { v, type Value } from "convex/values";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "../server.ts";
import { startTestBackend } from "../test-support.ts";
import { checkArguments } from "./argument-validation.ts";
import { TableNumbers } from "../database/ids/table-numbers.ts";
import { randomDocumentId } from "../database/ids/random-ids.ts";

// Ids of real tables (their numbers known to this process), as a backend would mint them.
const tableNumbers = TableNumbers.open(null);
const eventId = randomDocumentId(tableNumbers, "events");
const userId = randomDocumentId(tableNumbers, "users");
const fileId = randomDocumentId(tableNumbers, "_storage");

const greet = makeFunctionReference<"query", { name: unknown }, string>("logs:greet");

/** What checkArguments says of `given` for a query defined as `definition`. */
function errorOf(definition: object, given: Record<string, Value>): string {
  const exported = queryGeneric(definition as never) as unknown as { exportArgs: () => string };
  try {
    checkArguments(exported.exportArgs(), given);
  } catch (error) {
    return (error as Error).message;
  }
  return "no error";
}

const order = {
  args: {
    eventId: v.id("events"),
    amountCents: v.number(),
    note: v.optional(v.string()),
    tags: v.array(v.union(v.literal("a"), v.literal("b"))),
  },
  handler: async () => null,
};

it("words a missing field, an extra field and a mismatch as Convex does", () => {
  expect(errorOf(order, { amountCents: 100, tags: [] })).toBe(
    "ArgumentValidationError: Object is missing the required field `eventId`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n\n" +
      'Object: {amountCents: 100.0, tags: []}\nValidator: v.object({amountCents: v.float64(), eventId: v.id("events"), note: v.optional(v.string()), tags: v.array(v.union(v.literal("a"), v.literal("b")))})',
  );
  expect(errorOf(order, { eventId, amountCents: "100", tags: [] })).toBe(
    'ArgumentValidationError: Value does not match validator.\nPath: .amountCents\nValue: "100"\nValidator: v.float64()',
  );
  expect(errorOf(order, { eventId, amountCents: 1, tags: ["a", "c"] })).toBe(
    'ArgumentValidationError: Value does not match validator.\nPath: .tags[1]\nValue: "c"\nValidator: v.union(v.literal("a"), v.literal("b"))',
  );
  expect(errorOf(order, { eventId, amountCents: 1, tags: [], extra: true })).toMatch(
    /^ArgumentValidationError: Object contains extra field `extra` that is not in the validator\.\n\nObject: \{amountCents: 1\.0, eventId: "[^"]+", extra: true, tags: \[\]\}\nValidator: v\.object/,
  );
  expect(errorOf(order, { eventId, amountCents: 1, note: "olá", tags: ["b"] })).toBe("no error");
});

it("words a malformed id and an id of another table as Convex does", () => {
  const args = (id: string) => ({ eventId: id, amountCents: 1, tags: [] });
  expect(errorOf(order, args("x"))).toBe(
    'ArgumentValidationError: Value does not match validator.\nPath: .eventId\nValue: "x"\nValidator: v.id("events")',
  );
  // One character changed: the checksum no longer holds.
  const altered = `${eventId.slice(0, -1)}${eventId.endsWith("a") ? "b" : "a"}`;
  expect(errorOf(order, args(altered))).toBe(
    `ArgumentValidationError: Value does not match validator.\nPath: .eventId\nValue: "${altered}"\nValidator: v.id("events")`,
  );
  expect(errorOf(order, args(userId))).toBe(
    `ArgumentValidationError: Found ID "${userId}" from table \`users\`, which does not match the table name in validator \`v.id("events")\`.Path: .eventId`,
  );
  expect(errorOf(order, args(fileId))).toBe(
    `ArgumentValidationError: Found ID "${fileId}" from a system table, which does not match the table name in validator \`v.id("events")\`.Path: .eventId`,
  );
});

let backend: LocalBackend;

beforeAll(async () => {
  backend = await startTestBackend({ convexDir: path.join(import.meta.dirname, "scheduler", "test-convex") });
});

afterAll(async () => {
  await backend.close();
});

it("answers a client's call with bad arguments in Convex's words", async () => {
  const client = new ConvexHttpClient(backend.url);
  await expect(client.query(greet, {} as { name: unknown })).rejects.toThrow(
    "ArgumentValidationError: Object is missing the required field `name`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n\nObject: {}\nValidator: v.object({name: v.string()})",
  );
  await expect(client.query(greet, { name: 5 })).rejects.toThrow(
    "ArgumentValidationError: Value does not match validator.\nPath: .name\nValue: 5.0\nValidator: v.string()",
  );
});
