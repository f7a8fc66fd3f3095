import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { QUEUE_BATCH_SIZE, workQueue } from "./model/supports/queue";
import { restartStuckWorkers } from "./model/supports/worker";

/** One turn of an event's support queue worker (model/supports/queue.ts); reschedules itself while there is work. */
export const work = internalMutation({
  args: { eventId: v.id("events"), generation: v.number() },
  handler: async (ctx, { eventId, generation }) => {
    await workQueue(ctx, eventId, generation);
  },
});

/** The recovery cron: restarts the worker of any event whose queue stopped making progress (model/supports/worker.ts). */
export const recover = internalMutation({
  args: {},
  handler: async (ctx) => {
    await restartStuckWorkers(ctx, Date.now(), QUEUE_BATCH_SIZE);
  },
});
