import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { creditPayoutStep, feeStep as payoutFeeStep } from "./model/settlement/payoutCredit";

/** The next page of a paid-out event's credit to its creator (model/settlement/payoutCredit.ts). Idempotent. */
export const creditStep = internalMutation({
  args: { eventId: v.id("events"), cursor: v.union(v.string(), v.null()), promoCents: v.number() },
  handler: async (ctx, { eventId, cursor, promoCents }) => {
    await creditPayoutStep(ctx, eventId, cursor, promoCents);
  },
});

/** The next page of a paid-out event's service fees, then its credit (model/settlement/payoutCredit.ts). Idempotent. */
export const feeStep = internalMutation({
  args: {
    eventId: v.id("events"),
    cursor: v.union(v.string(), v.null()),
    promoCents: v.number(),
    payoutFeeCents: v.number(),
    buyerFeeCents: v.number(),
  },
  handler: async (ctx, { eventId, cursor, ...sums }) => {
    await payoutFeeStep(ctx, eventId, cursor, sums);
  },
});
