import { v } from "convex/values";
import { query } from "./_generated/server";
import { idArg } from "./model/args";
import { signedInMutation } from "./model/callerFunctions";
import { feeRates, setFeeMode } from "./model/fees";
import { enforceRateLimit } from "./model/rateLimits";

/**
 * `Taxa de serviço` of an event as its page needs it: the deployment's rates (the browser computes
 * a purchase's fee with the same rule, model/shared/fees.ts) and whether its ticket buyers pay the
 * fee on top. Null for an unknown event.
 */
export const forEvent = query({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const id = idArg(ctx, "events", eventId);
    const event = id === null ? null : await ctx.db.get("events", id);
    if (event === null) return null;
    return { rates: feeRates(), passedOn: event.feePassedOn === true };
  },
});

/** The creator chooses `Repassar a taxa ao comprador` or `Absorver a taxa` for the event's tickets. */
export const setMode = signedInMutation({
  args: { eventId: v.string(), mode: v.union(v.literal("passedOn"), v.literal("absorbed")) },
  handler: async (ctx, { eventId, mode }) => {
    await enforceRateLimit(ctx, "editEvent", ctx.user._id);
    await setFeeMode(ctx, ctx.user._id, idArg(ctx, "events", eventId), mode);
    return null;
  },
});
