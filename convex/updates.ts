import { v } from "convex/values";
import { query } from "./_generated/server";
import { idArg } from "./model/args";
import { signedInMutation } from "./model/callerFunctions";
import { checkPaginationOpts, paginationOptsArg } from "./model/pagination";
import { enforceRateLimit } from "./model/rateLimits";
import { cleanUpdate, postUpdate, updatesPage } from "./model/updates";

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
