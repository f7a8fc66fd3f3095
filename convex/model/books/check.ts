/**
 * The daily check that the books balance (the invariant is model/books/balance.ts). No transaction
 * may read every table of a real deployment, so the check reads one page per scheduled step,
 * table after table, adding to the totals kept on its `booksChecks` row, and records its result
 * at the end. Money that moved while it read (a statement line, a contribution or a platform
 * entry newer than the check's start) would be counted twice or not at all: the check then
 * starts over, up to MAX_ATTEMPTS times, and otherwise records `moved` rather than a false alarm.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id, TableNames } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  addContributionRow,
  addDeposit,
  addPlatform,
  addPurgedBooks,
  addQueuedRow,
  addUser,
  addWalletEntry,
  addWithdrawal,
  booksDifference,
  EMPTY_TOTALS,
  type BooksTotals,
} from "./balance";
import { platformBalanceCents } from "./platformAccount";

/** Rows per step: each costs a read or two, far below Convex's per-transaction limits. */
export const BOOKS_PAGE_SIZE = 1_000;
export const MAX_ATTEMPTS = 3;

/** The tables the check reads, in order. */
const PHASES = ["users", "walletEntries", "deposits", "withdrawals", "queuedSupports", "contributions", "purgedBooks"] as const;
type Phase = (typeof PHASES)[number];

/** Starts a check (the daily cron, or the operator). Returns its id. */
export async function startBooksCheck(ctx: MutationCtx, attempt = 1): Promise<Id<"booksChecks">> {
  const checkId = await ctx.db.insert("booksChecks", { status: "running", phase: PHASES[0], cursor: null, totals: EMPTY_TOTALS, attempt });
  await ctx.scheduler.runAfter(0, internal.books.checkStep, { checkId });
  return checkId;
}

/** Adds one page of the check's current table to its totals, then schedules the next step or finishes. */
export async function booksCheckStep(ctx: MutationCtx, checkId: Id<"booksChecks">): Promise<void> {
  const check = await ctx.db.get("booksChecks", checkId);
  if (check === null || check.status !== "running") return;
  const phase = check.phase as Phase;
  const { totals, isDone, continueCursor } = await addPage(ctx, phase, check.cursor, check.totals);
  const nextPhase = PHASES[PHASES.indexOf(phase) + 1];
  if (!isDone || nextPhase !== undefined) {
    await ctx.db.patch("booksChecks", checkId, {
      totals,
      phase: isDone ? nextPhase! : phase,
      cursor: isDone ? null : continueCursor,
    });
    await ctx.scheduler.runAfter(0, internal.books.checkStep, { checkId });
    return;
  }
  await finish(ctx, check, addPlatform(totals, await platformBalanceCents(ctx)));
}

async function addPage(ctx: MutationCtx, phase: Phase, cursor: string | null, totals: BooksTotals) {
  const paginationOpts = { numItems: BOOKS_PAGE_SIZE, cursor };
  if (phase === "contributions") {
    const page = await ctx.db.query("contributions").paginate(paginationOpts);
    const events = new Map<Id<"events">, Doc<"events"> | null>();
    for (const row of page.page) {
      if (!events.has(row.eventId)) events.set(row.eventId, await ctx.db.get("events", row.eventId));
      totals = addContributionRow(totals, row, events.get(row.eventId) ?? null);
    }
    return { ...page, totals };
  }
  if (phase === "queuedSupports") {
    const page = await ctx.db
      .query("queuedSupports")
      .withIndex("by_status", (q) => q.eq("status", "pending"))
      .paginate(paginationOpts);
    return { ...page, totals: page.page.reduce(addQueuedRow, totals) };
  }
  if (phase === "purgedBooks") {
    const page = await ctx.db.query("purgedBooks").paginate(paginationOpts);
    return { ...page, totals: page.page.reduce(addPurgedBooks, totals) };
  }
  if (phase === "users") {
    const page = await ctx.db.query("users").paginate(paginationOpts);
    return { ...page, totals: page.page.reduce(addUser, totals) };
  }
  if (phase === "walletEntries") {
    const page = await ctx.db.query("walletEntries").paginate(paginationOpts);
    return { ...page, totals: page.page.reduce(addWalletEntry, totals) };
  }
  if (phase === "deposits") {
    const page = await ctx.db.query("deposits").paginate(paginationOpts);
    return { ...page, totals: page.page.reduce(addDeposit, totals) };
  }
  const page = await ctx.db.query("withdrawals").paginate(paginationOpts);
  return { ...page, totals: page.page.reduce(addWithdrawal, totals) };
}

/** Whether any money moved since `since`: every movement writes one of these rows. */
async function movedSince(ctx: QueryCtx, since: number): Promise<boolean> {
  const tables: TableNames[] = ["walletEntries", "contributions", "platformEntries", "queuedSupports", "purgedBooks"];
  for (const table of tables) {
    const latest = await ctx.db.query(table).order("desc").first();
    if (latest !== null && latest._creationTime > since) return true;
  }
  return false;
}

async function finish(ctx: MutationCtx, check: Doc<"booksChecks">, totals: BooksTotals): Promise<void> {
  const now = Date.now();
  if (await movedSince(ctx, check._creationTime)) {
    await ctx.db.patch("booksChecks", check._id, { status: "moved", totals, finishedAt: now });
    if (check.attempt < MAX_ATTEMPTS) await startBooksCheck(ctx, check.attempt + 1);
    return;
  }
  const differenceCents = booksDifference(totals);
  await ctx.db.patch("booksChecks", check._id, {
    status: differenceCents === 0 ? "balanced" : "unbalanced",
    totals,
    differenceCents,
    finishedAt: now,
  });
}

/** What the operator asks for: the platform's balance and the latest finished check. */
export async function booksReport(ctx: QueryCtx) {
  const checks = await ctx.db
    .query("booksChecks")
    .order("desc")
    .take(MAX_ATTEMPTS + 1);
  const last = checks.find((check) => check.status !== "running") ?? null;
  return {
    platformBalanceCents: await platformBalanceCents(ctx),
    lastCheck:
      last === null
        ? null
        : {
            status: last.status,
            startedAt: last._creationTime,
            finishedAt: last.finishedAt ?? null,
            differenceCents: last.differenceCents ?? null,
            totals: last.totals,
          },
    running: checks.some((check) => check.status === "running"),
  };
}
