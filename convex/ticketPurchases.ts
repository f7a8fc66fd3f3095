import { v } from "convex/values";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { enforceRateLimit } from "./model/core/rateLimits";
import { cancelPurchase } from "./model/tickets/purchaseCancel";
import { enqueuePurchase, purchaseOutcomeOf } from "./model/tickets/purchases";
import { TICKET_MESSAGES } from "./model/shared/ticketTypes";
import { sellsThroughRoom } from "./model/waitingRoom/entries";

/**
 * Buys `units` tickets of one type, inteira or meia-entrada (with the declared category), in the
 * lote and at the unit price the buyer saw (any other price is refused before paying): paid
 * from the wallet at once, then decided in order by the event's queue. Returns the purchase's id, whose outcome `ticketPurchases:outcome` tells live.
 */
export const buy = signedInMutation({
  args: {
    eventId: v.string(),
    typeId: v.string(),
    loteIndex: v.number(),
    unitPriceCents: v.number(),
    units: v.number(),
    meia: v.boolean(),
    meiaCategory: v.optional(v.string()),
    /** Buying what the waiting list held for the caller (`waitingList:mine`): exactly those units. */
    holdId: v.optional(v.string()),
    /** The service fee the buyer saw on top of the price (`fees:forEvent`); absent = none. */
    feeCents: v.optional(v.number()),
    /** The `Cupom` the buyer typed; `unitPriceCents` is the price with it (`coupons:preview`). */
    couponCode: v.optional(v.string()),
  },
  signedOutMessage: TICKET_MESSAGES.notSignedInToBuy,
  handler: async (ctx, { eventId, typeId, holdId, ...request }) => {
    const event = idArg(ctx, "events", eventId);
    // In a `Sala de espera` each purchase spends the buyer's turn: that is its limit, and an
    // on-sale's thousands of purchases skip the limiter's component call.
    if (!(await sellsThroughRoom(ctx, event))) await enforceRateLimit(ctx, "support", ctx.user._id);
    const purchaseId = await enqueuePurchase(ctx, ctx.user, event, {
      typeId: idArg(ctx, "ticketTypes", typeId),
      ...request,
      ...(holdId === undefined ? {} : { holdId: idArg(ctx, "waitingListEntries", holdId) }),
    });
    return { purchaseId };
  },
});

/** What became of one of the caller's purchases: pending, issued (its ticket codes) or refunded (the reason). Null if not theirs. */
export const outcome = callerQuery({
  args: { purchaseId: v.string() },
  handler: async (ctx, { purchaseId }) => {
    const id = idArg(ctx, "ticketPurchases", purchaseId);
    if (ctx.user === null || id === null) return null;
    return purchaseOutcomeOf(ctx, ctx.user._id, id);
  },
});

/** `Cancelar compra`: within 7 days of buying and 48 h of the event, every ticket cancelled and the whole amount back to the wallet. */
export const cancel = signedInMutation({
  args: { purchaseId: v.string() },
  handler: async (ctx, { purchaseId }) => {
    await enforceRateLimit(ctx, "support", ctx.user._id);
    return cancelPurchase(ctx, ctx.user._id, idArg(ctx, "ticketPurchases", purchaseId), Date.now());
  },
});
