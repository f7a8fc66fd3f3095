/**
 * New chat messages reach everyone who takes part in the chat (has posted in it) as one
 * notification per chat with a count, not one per message (model/notifications/inbox.ts).
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { startFanOut } from "../notifications/fanOut";

/** Records the author as taking part, and tells the others in batches. */
export async function noticeChatMessage(ctx: MutationCtx, eventId: Id<"events">, authorId: Id<"users">): Promise<void> {
  const participant = await ctx.db
    .query("chatParticipants")
    .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", eventId).eq("userId", authorId))
    .unique();
  if (participant === null) await ctx.db.insert("chatParticipants", { eventId, userId: authorId });
  await startFanOut(ctx, { eventId, notice: { kind: "chat" }, skipUserId: authorId });
}
