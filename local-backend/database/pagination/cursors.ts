/**
 * Pagination cursors as Convex hands them out: opaque, and good only for the query that made
 * them. convex-test's cursors are readable JSON of the last row's keys, taken by any query;
 * here each one is wrapped with a fingerprint of its query (table, index range, order,
 * filters) and encoded. A cursor of another query fails with Convex's own InvalidCursor error
 * (a ConvexError whose data `usePaginatedQuery` recognizes, so it starts the list over), and
 * one that is not a cursor at all with "Failed to parse cursor".
 */
import { createHash } from "node:crypto";
import { ConvexError, type JSONValue } from "convex/values";
import { interceptAsyncSyscall, internalsOf, type ConvexTestInstance } from "../convex-test-adapter.ts";

const PREFIX = "c1.";
const DIFFERENT_QUERY =
  "InvalidCursor: Tried to run a query starting from a cursor, but it looks like this cursor is from a different query.";

function fingerprintOf(query: JSONValue): string {
  return createHash("sha256").update(JSON.stringify(query)).digest("base64url").slice(0, 22);
}

export function encodeCursor(query: JSONValue, inner: string): string {
  return `${PREFIX}${Buffer.from(JSON.stringify([fingerprintOf(query), inner])).toString("base64url")}`;
}

/** The inner cursor of `cursor` made for `query`; throws Convex's errors for a foreign or malformed one. */
export function decodeCursor(query: JSONValue, cursor: string): string {
  let parts: unknown;
  try {
    if (!cursor.startsWith(PREFIX)) throw new Error("not a cursor");
    parts = JSON.parse(Buffer.from(cursor.slice(PREFIX.length), "base64url").toString("utf8"));
  } catch {
    throw new Error("InvalidCursor: Failed to parse cursor");
  }
  if (!Array.isArray(parts) || parts.length !== 2 || typeof parts[1] !== "string") throw new Error("InvalidCursor: Failed to parse cursor");
  if (parts[0] !== fingerprintOf(query)) {
    const error = new ConvexError({ isConvexSystemError: true, paginationError: "InvalidCursor" });
    error.message = DIFFERENT_QUERY;
    throw error;
  }
  return parts[1];
}

type PageArgs = { query: JSONValue; cursor: string | null; endCursor?: string | null } & Record<string, JSONValue>;
type PageResult = { continueCursor: string; splitCursor?: string | null } & Record<string, JSONValue>;

/** Part of each instance's setup: every `.paginate()` takes and gives cursors of this form. */
export function installPaginationCursors(instance: ConvexTestInstance): void {
  interceptAsyncSyscall(internalsOf(instance), ["1.0/queryPage"], async (_op, jsonArgs, original) => {
    const args = JSON.parse(jsonArgs) as PageArgs;
    const inner: PageArgs = {
      ...args,
      cursor: args.cursor === null ? null : decodeCursor(args.query, args.cursor),
      endCursor: typeof args.endCursor === "string" ? decodeCursor(args.query, args.endCursor) : (args.endCursor ?? null),
    };
    const result = JSON.parse(await original(JSON.stringify(inner))) as PageResult;
    return JSON.stringify({
      ...result,
      continueCursor: encodeCursor(args.query, result.continueCursor),
      splitCursor: typeof result.splitCursor === "string" ? encodeCursor(args.query, result.splitCursor) : (result.splitCursor ?? null),
    });
  });
}
