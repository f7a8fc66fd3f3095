import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { workQueue } from "./model/supportQueue";

/** One turn of an event's support queue worker (model/supportQueue.ts); reschedules itself while there is work. */
export const work = internalMutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    await workQueue(ctx, eventId);
  },
});
