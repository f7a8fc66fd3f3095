import { v } from "convex/values";
import { query } from "./_generated/server";
import { idArg } from "./model/core/args";
import { signedInMutation } from "./model/core/callerFunctions";
import { checkPaginationOpts, paginationOptsArg } from "./model/core/pagination";
import { enforceRateLimit } from "./model/core/rateLimits";
import { cleanUpdate, postUpdate, updatesPage } from "./model/events/updates";

/** A page of an event's Novidades, newest first; public. An unknown event has none. */
export const list = query({
  args: { eventId: v.string(), paginationOpts: paginationOptsArg },
  handler: async (ctx, { eventId, paginationOpts }) => {
    const page = checkPaginationOpts(paginationOpts);
    const id = idArg(ctx, "events", eventId);
    if (id === null) return { page: [], isDone: true, continueCursor: "" };
    return updatesPage(ctx, id, page);
  },
});

/** Posts a Novidade (the event's creator only); its supporters are notified. */
export const post = signedInMutation({
  args: { eventId: v.string(), title: v.string(), body: v.string() },
  handler: async (ctx, { eventId, title, body }) => {
    const update = cleanUpdate(title, body);
    await enforceRateLimit(ctx, "eventUpdate", ctx.user._id);
    return postUpdate(ctx, ctx.user, idArg(ctx, "events", eventId), update);
  },
});
