import type { PaginationOptions, PaginationResult } from "convex/server";
import { ConvexError, v, type Validator } from "convex/values";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";

/** The largest page any list returns, whatever a client asks for. */
export const MAX_PAGE_SIZE = 100;

/** Cursors are opaque, but even compound-index cursors stay far below this. */
const MAX_CURSOR_LENGTH = 4096;

/** The refusal for a page request we cannot serve (bad size, or a cursor we did not issue). */
export function invalidPage() {
  return appError("INVALID_PAGE", MESSAGES.invalidPage);
}

/**
 * The validator of every paginated query's `paginationOpts`: anything, so that a malformed value
 * (null, missing, wrong types) reaches `checkPaginationOpts` and gets the Portuguese INVALID_PAGE
 * instead of Convex's English argument error. Its type says what a client must send; the handler
 * passes the value, unchecked, to `checkPaginationOpts` first.
 */
export const paginationOptsArg = v.optional(v.any()) as unknown as Validator<PaginationOptions, "required", string>;

const isCursor = (value: unknown): value is string | null =>
  value === null || (typeof value === "string" && value.length <= MAX_CURSOR_LENGTH);
const isOptionalCount = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) >= 0);
/** The fields Convex's own paginationOptsValidator allows (`id` is the React client's page id). */
const KNOWN_FIELDS = new Set(["numItems", "cursor", "endCursor", "id", "maximumRowsRead", "maximumBytesRead"]);

/**
 * Checks a client's `paginationOpts` before any read: an object with only Convex's fields,
 * `numItems` a whole number of at least 1 (capped at MAX_PAGE_SIZE), cursors null or strings of
 * a plausible length, the optional counts whole numbers. Anything else is INVALID_PAGE.
 */
export function checkPaginationOpts(raw: unknown): PaginationOptions {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw invalidPage();
  const opts = raw as Record<string, unknown>;
  if (Object.keys(opts).some((key) => !KNOWN_FIELDS.has(key))) throw invalidPage();
  const { numItems, cursor, endCursor, id, maximumRowsRead, maximumBytesRead } = opts;
  if (typeof numItems !== "number" || !Number.isInteger(numItems) || numItems < 1) throw invalidPage();
  if (!isCursor(cursor) || (endCursor !== undefined && !isCursor(endCursor))) throw invalidPage();
  if (![id, maximumRowsRead, maximumBytesRead].every(isOptionalCount)) throw invalidPage();
  return {
    numItems: Math.min(numItems, MAX_PAGE_SIZE),
    cursor,
    ...(endCursor !== undefined && { endCursor }),
    ...(maximumRowsRead !== undefined && { maximumRowsRead: maximumRowsRead as number }),
    ...(maximumBytesRead !== undefined && { maximumBytesRead: maximumBytesRead as number }),
  };
}

/**
 * Runs `.paginate()`, answering a cursor the database refuses (one we never issued) with
 * INVALID_PAGE instead of an engine error. Our own ConvexErrors pass through.
 */
export async function paginateOrRefuse<T>(
  query: { paginate(opts: PaginationOptions): Promise<PaginationResult<T>> },
  opts: PaginationOptions,
): Promise<PaginationResult<T>> {
  try {
    return await query.paginate(opts);
  } catch (error) {
    if (error instanceof ConvexError) throw error;
    throw invalidPage();
  }
}
