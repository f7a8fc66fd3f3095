/**
 * Telling everyone in an event's audience (its supporters, or the people in its chat) the
 * same news, in scheduled batches of at most FAN_OUT_BATCH_SIZE people, each scheduling the
 * next: an event with 10,000 supporters is 20 small transactions, never one giant one.
 */
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { notify } from "./inbox";
import { emailEventUpdate } from "../email/triggers";

/** People per fan-out transaction: ~4 reads and 2 writes each, far below Convex's limits. */
export const FAN_OUT_BATCH_SIZE = 500;

/** News for a whole audience: supporters hear of the goal and of Novidades, chat people of messages. */
export type FanOutNotice = { kind: "goalReached" } | { kind: "update"; updateId: Id<"eventUpdates">; title: string } | { kind: "chat" };

export type FanOut = {
  eventId: Id<"events">;
  notice: FanOutNotice;
  /** Who caused it (the chat message's author, the Novidade's author): not told. */
  skipUserId: Id<"users"> | null;
  cursor: string | null;
};

/** Schedules the first batch; the news reaches people in the transactions that follow. */
export async function startFanOut(ctx: MutationCtx, fanOut: Omit<FanOut, "cursor">): Promise<void> {
  await ctx.scheduler.runAfter(0, internal.notifications.fanOut, { ...fanOut, cursor: null });
}

function audiencePage(ctx: MutationCtx, { eventId, notice, cursor }: FanOut) {
  const paginationOpts = { numItems: FAN_OUT_BATCH_SIZE, cursor };
  const table = notice.kind === "chat" ? "chatParticipants" : "supporters";
  return ctx.db
    .query(table)
    .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", eventId))
    .paginate(paginationOpts);
}

/** Tells one page of the audience, then schedules the next page. */
export async function fanOutBatch(ctx: MutationCtx, fanOut: FanOut): Promise<void> {
  const event = await ctx.db.get("events", fanOut.eventId);
  if (event === null) return;
  const page = await audiencePage(ctx, fanOut);
  // A Novidade is also e-mailed (model/email/triggers.ts): read once per batch, not per person.
  const update = fanOut.notice.kind === "update" ? await ctx.db.get("eventUpdates", fanOut.notice.updateId) : null;
  for (const { userId } of page.page) {
    if (userId === fanOut.skipUserId) continue;
    await notify(ctx, userId, event, fanOut.notice);
    if (update !== null) await emailEventUpdate(ctx, event, userId, update);
  }
  if (!page.isDone) {
    await ctx.scheduler.runAfter(0, internal.notifications.fanOut, { ...fanOut, cursor: page.continueCursor });
  }
}
