import type { PaginationOptions, PaginationResult } from "convex/server";
import { ConvexError } from "convex/values";
import { appError } from "./shared/errors";
import { MESSAGES } from "./shared/texts";

/** The largest page any list returns, whatever a client asks for. */
export const MAX_PAGE_SIZE = 100;

/** Cursors are opaque, but even compound-index cursors stay far below this. */
const MAX_CURSOR_LENGTH = 4096;

/** The refusal for a page request we cannot serve (bad size, or a cursor we did not issue). */
export function invalidPage() {
  return appError("INVALID_PAGE", MESSAGES.invalidPage);
}

function isPlausibleCursor(cursor: string | null | undefined): boolean {
  return cursor === undefined || cursor === null || cursor.length <= MAX_CURSOR_LENGTH;
}

/**
 * Checks a client's `paginationOpts` before any read: `numItems` must be a whole number of at
 * least 1 (0, negative, fractional and NaN are refused with INVALID_PAGE) and is capped at
 * MAX_PAGE_SIZE; cursors must be of a plausible length.
 */
export function checkPaginationOpts(opts: PaginationOptions): PaginationOptions {
  const { numItems, cursor, endCursor } = opts;
  if (!Number.isInteger(numItems) || numItems < 1) throw invalidPage();
  if (!isPlausibleCursor(cursor) || !isPlausibleCursor(endCursor)) throw invalidPage();
  return { ...opts, numItems: Math.min(numItems, MAX_PAGE_SIZE) };
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
