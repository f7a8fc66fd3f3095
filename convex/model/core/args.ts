import type { Id, TableNames } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { MAX_ID_LENGTH } from "../../model/shared/limits";

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
