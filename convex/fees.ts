import { v } from "convex/values";
import { query } from "./_generated/server";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { payoutText } from "./model/shared/fees";
import { feeRates, setFeeMode } from "./model/books/fees";
import { enforceRateLimit } from "./model/core/rateLimits";

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

/**
 * The organizer's payout of the event once credited: `Repasse: R$ bruto − taxa R$ Y = R$ líquido`,
 * the same cents as their Extrato's line. Null before it (or for anyone but the creator).
 */
export const payout = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const id = idArg(ctx, "events", eventId);
    const event = id === null ? null : await ctx.db.get("events", id);
    if (event === null || ctx.user === null || event.creatorId !== ctx.user._id) return null;
    if (event.settlement !== "paidOut" || event.payoutPromoCents === undefined) return null;
    const feeCents = event.payoutFeeCents ?? 0;
    return {
      grossCents: event.raisedCents,
      feeCents,
      netCents: event.raisedCents - feeCents,
      text: payoutText(event.raisedCents, feeCents),
    };
  },
});
