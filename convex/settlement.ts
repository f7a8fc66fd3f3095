import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { refundBatch as runRefundBatch, settleAtDate } from "./model/settlement/settle";

/** Scheduled at each event's startsAt (model/settlement/settle.ts). Idempotent. */
export const settle = internalMutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    await settleAtDate(ctx, eventId);
  },
});

/** One batch of a refund; schedules the next until every contribution and ticket is done. */
export const refundBatch = internalMutation({
  args: {
    eventId: v.id("events"),
    phase: v.union(v.literal("contributions"), v.literal("tickets")),
    cursor: v.union(v.string(), v.null()),
  },
  handler: async (ctx, { eventId, phase, cursor }) => {
    await runRefundBatch(ctx, eventId, phase, cursor);
  },
});
