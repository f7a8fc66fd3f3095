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
  expect(errorOf(order, { eventId: "x", amountCents: "100", tags: [] })).toBe(
    'ArgumentValidationError: Value does not match validator.\nPath: .amountCents\nValue: "100"\nValidator: v.float64()',
  );
  expect(errorOf(order, { eventId: "x", amountCents: 1, tags: ["a", "c"] })).toBe(
    'ArgumentValidationError: Value does not match validator.\nPath: .tags[1]\nValue: "c"\nValidator: v.union(v.literal("a"), v.literal("b"))',
  );
  expect(errorOf(order, { eventId: "x", amountCents: 1, tags: [], extra: true })).toMatch(
    /^ArgumentValidationError: Object contains extra field `extra` that is not in the validator\.\n\nObject: \{amountCents: 1\.0, eventId: "x", extra: true, tags: \[\]\}\nValidator: v\.object/,
  );
  expect(errorOf(order, { eventId: "x", amountCents: 1, note: "olá", tags: ["b"] })).toBe("no error");
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
