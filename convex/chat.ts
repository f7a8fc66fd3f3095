import { v } from "convex/values";
import { idArg } from "./model/core/args";
import { callerMutation, callerQuery } from "./model/core/callerFunctions";
import { chatAccessOf, cleanMessageBody, requireChatAccess } from "./model/chat/access";
import { noticeChatMessage } from "./model/chat/notices";
import { checkPaginationOpts, paginateOrRefuse, paginationOptsArg } from "./model/core/pagination";
import { chatNamesFor } from "./model/privacy/anonymity";
import { enforceRateLimit } from "./model/core/rateLimits";
import { gateOf } from "./model/supports/gates";
import { displayNameOf, requireSignedIn } from "./model/users/accounts";

/** Whether the caller may use this event's chat: "allowed", "signedOut", "notASupporter" or "noEvent". */
export const access = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => chatAccessOf(ctx, ctx.user, idArg(ctx, "events", eventId)),
});

/**
 * A page of an event's chat, newest page first (so the first page is the latest messages);
 * within a page, oldest first, ready to render top to bottom.
 */
export const list = callerQuery({
  args: { eventId: v.string(), paginationOpts: paginationOptsArg },
  handler: async (ctx, { eventId, paginationOpts }) => {
    const page = checkPaginationOpts(paginationOpts);
    const user = requireSignedIn(ctx.user);
    const chatEventId = await requireChatAccess(ctx, user, idArg(ctx, "events", eventId));
    const isOrganizer = (await gateOf(ctx, chatEventId))?.creatorId === user._id;
    const nameOf = chatNamesFor(ctx, chatEventId, { userId: user._id, isOrganizer });
    const result = await paginateOrRefuse(
      ctx.db
        .query("messages")
        .withIndex("by_eventId", (q) => q.eq("eventId", chatEventId))
        .order("desc"),
      page,
    );
    return {
      ...result,
      page: await Promise.all(
        result.page.reverse().map(async (message) => ({
          _id: message._id,
          _creationTime: message._creationTime,
          authorName: await nameOf(message),
          body: message.body,
          isMine: message.userId === user._id,
        })),
      ),
    };
  },
});

/** Posts a message to an event's chat; supporters and the creator only. */
export const send = callerMutation({
  args: { eventId: v.string(), body: v.string() },
  handler: async (ctx, { eventId, body }) => {
    // The message is refused before who sends it (the documented order).
    const cleanBody = cleanMessageBody(body);
    const user = requireSignedIn(ctx.user);
    await enforceRateLimit(ctx, "chatMessage", user._id);
    const chatEventId = await requireChatAccess(ctx, user, idArg(ctx, "events", eventId));
    const messageId = await ctx.db.insert("messages", {
      eventId: chatEventId,
      userId: user._id,
      authorName: displayNameOf(user),
      body: cleanBody,
    });
    await noticeChatMessage(ctx, chatEventId, user._id);
    return messageId;
  },
});
