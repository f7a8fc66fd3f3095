import { v } from "convex/values";
import { mutation, query } from "./_generated/server";
import { idArg } from "./model/args";
import { MESSAGES } from "./model/shared/texts";
import { enforceRateLimit } from "./model/rateLimits";
import { contributionTotal, supportEvent } from "./model/supports";
import { currentUser, requireUser } from "./model/users";

/** Supports an event with money from the caller's wallet. Returns {goalReached, ticketCode}. */
export const support = mutation({
  args: { eventId: v.string(), amountCents: v.number() },
  handler: async (ctx, { eventId, amountCents }) => {
    const user = await requireUser(ctx, MESSAGES.notSignedInToSupport);
    await enforceRateLimit(ctx, "support", user._id);
    return supportEvent(ctx, user, idArg(ctx, "events", eventId), amountCents);
  },
});

/** Whether the caller has supported the event, and how much in all. */
export const mine = query({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const user = await currentUser(ctx);
    const id = idArg(ctx, "events", eventId);
    if (user === null || id === null) return { supported: false, amountCents: 0 };
    return contributionTotal(ctx, id, user._id);
  },
});
