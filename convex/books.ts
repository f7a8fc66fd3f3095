/**
 * The books (model/books/check.ts): the daily check that every cent is accounted for, and the
 * operator's report. Internal only: reached with the deployment's admin key,
 * `npx convex run books:report` (and `books:startCheck` to check now).
 */
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { booksCheckStep, booksReport, startBooksCheck } from "./model/books/check";

/** Starts a check of the books (the daily cron; an operator may run it any time). */
export const startCheck = internalMutation({
  args: {},
  handler: async (ctx) => startBooksCheck(ctx),
});

/** One page of a running check (model/books/check.ts). */
export const checkStep = internalMutation({
  args: { checkId: v.id("booksChecks") },
  handler: async (ctx, { checkId }) => {
    await booksCheckStep(ctx, checkId);
  },
});

/** The platform's balance (its service fees) and the last check of the books, with its totals. */
export const report = internalQuery({
  args: {},
  handler: async (ctx) => booksReport(ctx),
});
