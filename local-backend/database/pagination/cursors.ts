/**
 * Pagination cursors as Convex hands them out: opaque, and good only for the query that made
 * them. convex-test's cursors are readable JSON of the last row's keys, taken by any query;
 * here each one is bound to a fingerprint of its query (table, index range, order, filters)
 * and encrypted with AES-256-GCM under the deployment's cursor key, as Convex encrypts its
 * cursors with the instance secret: nothing of the documents shows, and a cursor whose
 * position was edited fails to decrypt. A cursor of another query fails with Convex's own
 * InvalidCursor error (a ConvexError whose data `usePaginatedQuery` recognizes, so it starts
 * the list over); one that is not a cursor, or was edited, with "Failed to parse cursor".
 */
import { createCipheriv, createDecipheriv, createHash, createHmac } from "node:crypto";
import { ConvexError, type JSONValue } from "convex/values";
import { interceptAsyncSyscall, internalsOf, type ConvexTestInstance } from "../convex-test-adapter.ts";

const PREFIX = "c2.";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const DIFFERENT_QUERY =
  "InvalidCursor: Tried to run a query starting from a cursor, but it looks like this cursor is from a different query.";
const PARSE_FAILED = "InvalidCursor: Failed to parse cursor";

function fingerprintOf(query: JSONValue): string {
  return createHash("sha256").update(JSON.stringify(query)).digest("base64url").slice(0, 22);
}

/**
 * Encrypts `[fingerprint, inner]`. The IV is derived from the plaintext, so the same position
 * always gives the same cursor (a query re-run hands out the cursors it handed out before).
 */
export function encodeCursor(key: Buffer, query: JSONValue, inner: string): string {
  const plaintext = Buffer.from(JSON.stringify([fingerprintOf(query), inner]));
  const iv = createHmac("sha256", key).update(plaintext).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const encrypted = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, encrypted, cipher.getAuthTag()]).toString("base64url")}`;
}

function decrypt(key: Buffer, cursor: string): unknown {
  if (!cursor.startsWith(PREFIX)) throw new Error("not a cursor");
  const bytes = Buffer.from(cursor.slice(PREFIX.length), "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error("too short");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plaintext = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(plaintext.toString("utf8"));
}

/** The inner cursor of `cursor` made for `query`; throws Convex's errors for a foreign, malformed or edited one. */
export function decodeCursor(key: Buffer, query: JSONValue, cursor: string): string {
  let parts: unknown;
  try {
    parts = decrypt(key, cursor);
  } catch {
    throw new Error(PARSE_FAILED);
  }
  if (!Array.isArray(parts) || parts.length !== 2 || typeof parts[1] !== "string") throw new Error(PARSE_FAILED);
  if (parts[0] !== fingerprintOf(query)) {
    const error = new ConvexError({ isConvexSystemError: true, paginationError: "InvalidCursor" });
    error.message = DIFFERENT_QUERY;
    throw error;
  }
  return parts[1];
}

/** A 256-bit cursor key derived from a secret the deployment keeps (cursors then survive a restart). */
export function cursorKeyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update("pagination cursors").digest();
}

type PageArgs = { query: JSONValue; cursor: string | null; endCursor?: string | null } & Record<string, JSONValue>;
type PageResult = { continueCursor: string; splitCursor?: string | null } & Record<string, JSONValue>;

/** Part of each instance's setup: every `.paginate()` takes and gives cursors of this form. */
export function installPaginationCursors(instance: ConvexTestInstance, key: Buffer): void {
  interceptAsyncSyscall(internalsOf(instance), ["1.0/queryPage"], async (_op, jsonArgs, original) => {
    const args = JSON.parse(jsonArgs) as PageArgs;
    const inner: PageArgs = {
      ...args,
      cursor: args.cursor === null ? null : decodeCursor(key, args.query, args.cursor),
      endCursor: typeof args.endCursor === "string" ? decodeCursor(key, args.query, args.endCursor) : (args.endCursor ?? null),
    };
    const result = JSON.parse(await original(JSON.stringify(inner))) as PageResult;
    return JSON.stringify({
      ...result,
      continueCursor: encodeCursor(key, args.query, result.continueCursor),
      splitCursor:
        typeof result.splitCursor === "string" ? encodeCursor(key, args.query, result.splitCursor) : (result.splitCursor ?? null),
    });
  });
}
