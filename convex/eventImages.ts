import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { startUnclaimedSweep, sweepUnclaimedPage } from "./model/events/images";

/** Hourly (crons.ts): removes every upload nobody claimed within its hour, page by page. */
export const startSweep = internalMutation({
  args: {},
  handler: async (ctx) => sweepUnclaimedPage(ctx, await startUnclaimedSweep(ctx, Date.now())),
});

/** One page of a sweep started by `startSweep`; schedules the next. */
export const sweepUnclaimed = internalMutation({
  args: { from: v.number(), to: v.number(), cursor: v.union(v.string(), v.null()) },
  handler: (ctx, range) => sweepUnclaimedPage(ctx, range),
});
