import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { scheduleSettlement } from "./model/settlement";
import { backfillOpeningEntry } from "./model/wallet";

/** Rows per migration transaction; each page schedules the next. */
const PAGE_SIZE = 200;

/**
 * Brings data written before the event lifecycle up to date; idempotent, so it may run on
 * every start (`npx convex run migrations:lifecycle` on a deployment):
 * - a wallet without statement entries gets one "opening" entry of its balance (Σ entries = wallet);
 * - an unsettled event without a scheduled settlement gets one at its date (a past date settles now);
 * - a settled event from before the home list split upcoming from finished events is marked finished.
 */
export const lifecycle = internalMutation({
  args: {
    table: v.optional(v.union(v.literal("users"), v.literal("events"))),
    cursor: v.optional(v.union(v.string(), v.null())),
  },
  handler: async (ctx, { table = "users", cursor = null }) => {
    const paginationOpts = { numItems: PAGE_SIZE, cursor };
    let changed = 0;
    let isDone: boolean;
    let continueCursor: string;
    if (table === "users") {
      const page = await ctx.db.query("users").paginate(paginationOpts);
      for (const user of page.page) if (await backfillOpeningEntry(ctx, user)) changed++;
      ({ isDone, continueCursor } = page);
    } else {
      const page = await ctx.db.query("events").paginate(paginationOpts);
      for (const event of page.page) {
        if (event.settlement !== undefined && event.finished === undefined) {
          await ctx.db.patch("events", event._id, { finished: true });
          changed++;
        }
        if (event.settlement !== undefined || event.settlementJobId !== undefined) continue;
        await scheduleSettlement(ctx, event);
        changed++;
      }
      ({ isDone, continueCursor } = page);
    }
    if (!isDone) {
      await ctx.scheduler.runAfter(0, internal.migrations.lifecycle, { table, cursor: continueCursor });
    } else if (table === "users") {
      await ctx.scheduler.runAfter(0, internal.migrations.lifecycle, { table: "events", cursor: null });
    }
    return { table, changed };
  },
});
