import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { creditPayoutStep } from "./model/payoutCredit";

/** The next page of a paid-out event's credit to its creator (model/payoutCredit.ts). Idempotent. */
export const creditStep = internalMutation({
  args: { eventId: v.id("events"), cursor: v.union(v.string(), v.null()), promoCents: v.number() },
  handler: async (ctx, { eventId, cursor, promoCents }) => {
    await creditPayoutStep(ctx, eventId, cursor, promoCents);
  },
});
