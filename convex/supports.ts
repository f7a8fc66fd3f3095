import { v } from "convex/values";
import { idArg } from "./model/args";
import { MESSAGES } from "./model/shared/texts";
import { enforceRateLimit } from "./model/rateLimits";
import { contributionTotal, supportEvent } from "./model/supports";
import { callerQuery, signedInMutation } from "./model/callerFunctions";

/** Supports an event with money from the caller's wallet. Returns {goalReached, ticketCode}. */
export const support = signedInMutation({
  args: { eventId: v.string(), amountCents: v.number() },
  signedOutMessage: MESSAGES.notSignedInToSupport,
  handler: async (ctx, { eventId, amountCents }) => {
    await enforceRateLimit(ctx, "support", ctx.user._id);
    return supportEvent(ctx, ctx.user, idArg(ctx, "events", eventId), amountCents);
  },
});

/** Whether the caller has supported the event, and how much in all. */
export const mine = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const { user } = ctx;
    const id = idArg(ctx, "events", eventId);
    if (user === null || id === null) return { supported: false, amountCents: 0 };
    return contributionTotal(ctx, id, user._id);
  },
});
