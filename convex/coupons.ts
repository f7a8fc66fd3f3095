import { ConvexError, v } from "convex/values";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { couponPrice, couponsOf, createCoupon } from "./model/tickets/coupons";
import { enforceRateLimit } from "./model/core/rateLimits";
import { COUPON_MESSAGES } from "./model/shared/coupons";
import type { Id } from "./_generated/dataModel";

const discountValidator = v.union(
  v.object({ kind: v.literal("percent"), percent: v.number() }),
  v.object({ kind: v.literal("fixed"), amountCents: v.number() }),
);

/** The organizer creates a `Cupom` for their event (every rule in model/tickets/coupons.ts). Returns its id. */
export const create = signedInMutation({
  args: {
    eventId: v.string(),
    code: v.string(),
    discount: discountValidator,
    typeIds: v.optional(v.array(v.string())),
    maxUses: v.optional(v.number()),
    validUntil: v.optional(v.number()),
  },
  handler: async (ctx, { eventId, typeIds, ...input }) => {
    await enforceRateLimit(ctx, "editEvent", ctx.user._id);
    if (input.code.length > 40 || (typeIds?.length ?? 0) > 50)
      throw new ConvexError({ code: "INVALID_COUPON", message: COUPON_MESSAGES.invalidCode });
    const types = typeIds?.map((id) => idArg(ctx, "ticketTypes", id));
    if (types?.some((id) => id === null)) throw new ConvexError({ code: "INVALID_COUPON", message: COUPON_MESSAGES.invalidTypes });
    const couponId = await createCoupon(
      ctx,
      ctx.user._id,
      idArg(ctx, "events", eventId),
      { ...input, ...(types === undefined ? {} : { typeIds: types as Id<"ticketTypes">[] }) },
      Date.now(),
    );
    return { couponId };
  },
});

/** The event's coupons with their uses, for its organizer. */
export const list = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => couponsOf(ctx, ctx.user?._id ?? null, idArg(ctx, "events", eventId)),
});

/**
 * What a typed coupon makes of a unit's price before paying: `{ ok, unitPriceCents }` (the
 * price to buy at), or `{ ok: false, message }` in Portuguese. The purchase checks it again.
 */
export const preview = callerQuery({
  args: { eventId: v.string(), typeId: v.string(), loteIndex: v.number(), meia: v.boolean(), code: v.string() },
  handler: async (ctx, { eventId, typeId, loteIndex, meia, code }) => {
    const id = idArg(ctx, "ticketTypes", typeId);
    const type = id === null ? null : await ctx.db.get("ticketTypes", id);
    const lote = type === null || type.eventId !== eventId ? undefined : type.lotes[loteIndex];
    if (type === null || lote === undefined || code.length > 40) return { ok: false as const, message: COUPON_MESSAGES.notFound };
    try {
      const { priceCents, coupon } = await couponPrice(ctx, type, lote, meia, code, Date.now());
      return { ok: true as const, code: coupon.code, unitPriceCents: priceCents };
    } catch (error) {
      if (error instanceof ConvexError) return { ok: false as const, message: (error.data as { message: string }).message };
      throw error;
    }
  },
});
