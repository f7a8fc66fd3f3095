/**
 * `Meus dados`: a copy of everything Apoie keeps about the caller (`download`), and the account
 * deletion (model/privacy/). Only ever the caller's own data: no function here takes a person.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { TableNames } from "./_generated/dataModel";
import { action, internalQuery } from "./_generated/server";
import { exportFileName, exportZip, type ExportedTable } from "./model/privacy/exportFile";
import { exportedTables, PERSON_TABLES, type ExportPage } from "./model/privacy/personTables";
import { enforceRateLimit } from "./model/rateLimits";
import { appError } from "./model/shared/errors";
import { MESSAGES } from "./model/shared/texts";
import { currentUser } from "./model/users";

/** Rows per page of a table: well inside a query's read limits even for large rows. */
const EXPORT_PAGE_ROWS = 500;

/** The caller's id (with the session check every call makes), or the sign-in refusal. */
export const callerId = internalQuery({
  args: {},
  handler: async (ctx) => {
    const user = await currentUser(ctx);
    if (user === null || user.deletedAt !== undefined) throw appError("NOT_SIGNED_IN", MESSAGES.notSignedIn);
    return user._id;
  },
});

/** One page of the caller's rows of one table. */
export const exportPage = internalQuery({
  args: { table: v.string(), cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { table, cursor }): Promise<ExportPage> => {
    const user = await currentUser(ctx);
    if (user === null || user.deletedAt !== undefined) throw appError("NOT_SIGNED_IN", MESSAGES.notSignedIn);
    const personTable = PERSON_TABLES[table as TableNames];
    if (personTable === undefined) throw new Error(`${table} is not a table of the copy`);
    return personTable.read(ctx, user._id, { numItems: EXPORT_PAGE_ROWS, cursor });
  },
});

/**
 * `Baixar meus dados`: one ZIP (README, JSON and CSV of every table about the caller), made at
 * once. Each table is read page by page, each page its own query, so no read comes near a
 * transaction's limits however much a person did.
 */
export const download = action({
  args: {},
  handler: async (ctx): Promise<{ fileName: string; bytes: ArrayBuffer }> => {
    const userId = await ctx.runQuery(internal.myData.callerId, {});
    await enforceRateLimit(ctx, "myDataCopy", userId);
    const tables: ExportedTable[] = [];
    for (const table of exportedTables()) {
      const rows = [];
      let cursor: string | null = null;
      for (;;) {
        const page: ExportPage = await ctx.runQuery(internal.myData.exportPage, { table, cursor });
        rows.push(...page.page);
        if (page.isDone) break;
        cursor = page.continueCursor;
      }
      tables.push({ table, about: PERSON_TABLES[table]!.about, rows });
    }
    const at = Date.now();
    return { fileName: exportFileName(at), bytes: exportZip(tables, at).buffer };
  },
});
