/**
 * `Meus dados`: a copy of everything Apoie keeps about the caller (`download`), and the account
 * deletion (model/privacy/). Only ever the caller's own data: no function here takes a person.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { TableNames } from "./_generated/dataModel";
import { action, internalMutation, internalQuery } from "./_generated/server";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { deleteAccount } from "./model/privacy/deletion";
import { deletionBlockers } from "./model/privacy/deletionChecks";
import { deleteOldSignInRecords, purgeExpiredAccounts } from "./model/privacy/retention";
import { scrub } from "./model/privacy/scrub";
import { recordSignIn } from "./model/privacy/signIns";
import { cleanName } from "./model/privacy/names";
import { promoCentsOf } from "./model/wallet/promo";
import { exportFileName, exportZip, type ExportedTable } from "./model/privacy/exportFile";
import { exportedTables, PERSON_TABLES, type ExportPage } from "./model/privacy/personTables";
import { enforceRateLimit } from "./model/core/rateLimits";
import { appError } from "./model/shared/errors";
import { TERMS_VERSION } from "./model/shared/terms";
import { MESSAGES } from "./model/shared/texts";
import { currentUser } from "./model/users/accounts";

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

/**
 * What `Excluir minha conta` would meet now: the reasons it is refused (each with what to do),
 * or none, with the promotional money the deletion would forfeit. Null when signed out.
 */
export const deletionCheck = callerQuery({
  args: {},
  handler: async (ctx) => {
    if (ctx.user === null) return null;
    return { blockers: await deletionBlockers(ctx, ctx.user, Date.now()), promoCents: promoCentsOf(ctx.user) };
  },
});

/** `Excluir minha conta`: the caller's own account, never anyone else's (it takes no person). */
export const deleteMyAccount = signedInMutation({
  args: {},
  handler: async (ctx) => deleteAccount(ctx, ctx.user, Date.now()),
});

/** The rest of a deletion's scrub (model/privacy/scrub.ts), a batch at a time. */
export const continueScrub = internalMutation({
  args: { userId: v.id("users"), email: v.union(v.string(), v.null()), step: v.number(), after: v.number() },
  handler: async (ctx, { userId, email, step, after }) => {
    const left = await scrub(ctx, { userId, email }, { step, after }, SCRUB_BATCH);
    if (left !== null) await ctx.scheduler.runAfter(0, internal.myData.continueScrub, { userId, email, ...left });
  },
});
const SCRUB_BATCH = 1_000;

/** Daily (crons.ts): sign-in records past 6 months go; a full batch schedules the next. */
export const deleteOldSignIns = internalMutation({
  args: {},
  handler: async (ctx) => {
    if (await deleteOldSignInRecords(ctx, Date.now())) await ctx.scheduler.runAfter(0, internal.myData.deleteOldSignIns, {});
  },
});

/** Daily (crons.ts): deleted accounts' financial records past 5 years go, then their user rows. */
export const purgeDeletedAccounts = internalMutation({
  args: {},
  handler: async (ctx) => {
    if (await purgeExpiredAccounts(ctx, Date.now())) await ctx.scheduler.runAfter(0, internal.myData.purgeDeletedAccounts, {});
  },
});

/** A local sign-in's access record (Google's are written by the sign-in callback, auth.ts). */
export const recordLocalSignIn = internalMutation({
  args: { userId: v.id("users") },
  handler: (ctx, { userId }) => recordSignIn(ctx, userId, "local"),
});

/** Whether the caller accepted the current `Termos de uso` (null when signed out): the app asks until they do. */
export const termsStatus = callerQuery({
  args: {},
  handler: async (ctx) => (ctx.user === null ? null : { accepted: ctx.user.termsVersion === TERMS_VERSION, version: TERMS_VERSION }),
});

/** Accepts `Termos de uso` and `Política de privacidade` in the version shown, recording it and when. */
export const acceptTerms = signedInMutation({
  args: { version: v.number() },
  handler: async (ctx, { version }) => {
    if (version !== TERMS_VERSION) throw appError("TERMS_OUTDATED", TERMS_OUTDATED_MESSAGE);
    await ctx.db.patch("users", ctx.user._id, { termsVersion: version, termsAcceptedAt: Date.now() });
  },
});
const TERMS_OUTDATED_MESSAGE = "Os termos mudaram. Recarregue a página para ler a nova versão.";

/** `Meus dados`: the caller changes their name (shown from then on; messages already sent keep theirs). */
export const rename = signedInMutation({
  args: { name: v.string() },
  handler: async (ctx, { name }) => {
    const cleaned = cleanName(name);
    await ctx.db.patch("users", ctx.user._id, { name: cleaned, chosenName: cleaned });
  },
});
