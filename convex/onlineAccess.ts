import { v } from "convex/values";
import { idArg } from "./model/core/args";
import { callerQuery } from "./model/core/callerFunctions";
import { accessLinkFor } from "./model/events/onlineAccess";

/** An online event's access link for the caller: its creator, supporters and ticket holders only; else null. */
export const link = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const id = idArg(ctx, "events", eventId);
    const event = id === null ? null : await ctx.db.get("events", id);
    return event === null ? null : accessLinkFor(ctx, event, ctx.user?._id ?? null);
  },
});
