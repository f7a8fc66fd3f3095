import type { Id, TableNames } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";

/**
 * Bounds on raw string arguments, checked before any work on them. `v.string()` takes no
 * length, and folding, normalizing or matching a 10 MB string costs time on every call.
 */

/**
 * A raw text argument may be up to twice its field's limit: room for the spaces and hidden
 * characters that cleaning removes. The cleaned text must then fit the limit itself.
 */
export function rawLengthLimit(fieldLimit: number): number {
  return fieldLimit * 2;
}

/** Whether a raw text argument is short enough to be cleaned and checked at all. */
export function isWithinRawLimit(raw: string, fieldLimit: number): boolean {
  return raw.length <= rawLengthLimit(fieldLimit);
}

/** Convex ids are about 32 characters; anything much longer is not an id. */
export const MAX_ID_LENGTH = 64;

/** Short, fixed-vocabulary arguments (a category, a provider name). */
export const MAX_KEYWORD_LENGTH = 64;

/**
 * A caller's id argument as an id of `table`, or null when it is malformed, too long or of
 * another table. Every caller-supplied id goes through here before `ctx.db.get/patch/delete`.
 */
export function idArg<Table extends TableNames>(ctx: QueryCtx, table: Table, raw: string): Id<Table> | null {
  return raw.length > MAX_ID_LENGTH ? null : ctx.db.normalizeId(table, raw);
}

/** A caller's storage id argument, or null when it is malformed, too long or not a file's id. */
export function storageIdArg(ctx: QueryCtx, raw: string): Id<"_storage"> | null {
  return raw.length > MAX_ID_LENGTH ? null : ctx.db.system.normalizeId("_storage", raw);
}
