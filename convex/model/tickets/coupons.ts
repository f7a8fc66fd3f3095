/**
 * `Cupons de desconto` on the server (the price rule is shared/coupons.ts). The organizer creates
 * codes per event; a purchase that types one is priced with it and takes one use in its own
 * transaction (the coupon's `uses`), after every other check passed, so a refused purchase uses
 * nothing. Purchases of one coupon all write it: Convex serializes them (one retries), and the
 * maximum is checked against the count each one reads, so it is never passed. A purchase the
 * queue refuses, or its buyer cancels, gives its use back.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import {
  COUPON_CODE_PATTERN,
  COUPON_MESSAGES,
  couponUnitPriceCents,
  discountRefusal,
  normalizeCouponCode,
  type CouponDiscount,
} from "../../model/shared/coupons";
import { unitPriceCents } from "../../model/shared/ticketTypes";
import { requireEventOrganizer } from "../supports/lists";
import { typesOf } from "./ticketTypes";

export const MAX_COUPONS_PER_EVENT = 100;
export const MAX_COUPON_USES = 100_000;

export type CouponInput = {
  code: string;
  discount: CouponDiscount;
  typeIds?: Id<"ticketTypes">[];
  maxUses?: number;
  validUntil?: number;
};

function couponByCode(ctx: QueryCtx, eventId: Id<"events">, code: string) {
  return ctx.db
    .query("coupons")
    .withIndex("by_eventId_and_code", (q) => q.eq("eventId", eventId).eq("code", code))
    .unique();
}

/** Checks the organizer's coupon and stores it; every refusal in Portuguese, nothing written. */
export async function createCoupon(ctx: MutationCtx, userId: Id<"users">, eventId: Id<"events"> | null, input: CouponInput, now: number) {
  const event = await requireEventOrganizer(ctx, userId, eventId);
  const code = normalizeCouponCode(input.code);
  if (!COUPON_CODE_PATTERN.test(code)) throw appError("INVALID_COUPON", COUPON_MESSAGES.invalidCode);
  const discountWrong = discountRefusal(input.discount);
  if (discountWrong !== null) throw appError("INVALID_COUPON", discountWrong);
  const { maxUses, validUntil, typeIds } = input;
  if (maxUses !== undefined && (!Number.isSafeInteger(maxUses) || maxUses < 1 || maxUses > MAX_COUPON_USES))
    throw appError("INVALID_COUPON", COUPON_MESSAGES.invalidMaxUses);
  if (validUntil !== undefined && (!Number.isFinite(validUntil) || validUntil <= now || validUntil > event.startsAt))
    throw appError("INVALID_COUPON", COUPON_MESSAGES.invalidValidUntil);
  const eventTypes = new Set((await typesOf(ctx, event._id)).map((type) => type._id));
  if (typeIds !== undefined && (typeIds.length === 0 || typeIds.some((id) => !eventTypes.has(id))))
    throw appError("INVALID_COUPON", COUPON_MESSAGES.invalidTypes);
  if ((await couponByCode(ctx, event._id, code)) !== null) throw appError("INVALID_COUPON", COUPON_MESSAGES.duplicateCode);
  const existing = await ctx.db
    .query("coupons")
    .withIndex("by_eventId_and_code", (q) => q.eq("eventId", event._id))
    .take(MAX_COUPONS_PER_EVENT);
  if (existing.length >= MAX_COUPONS_PER_EVENT) throw appError("INVALID_COUPON", COUPON_MESSAGES.tooMany);
  return ctx.db.insert("coupons", {
    eventId: event._id,
    code,
    discount: input.discount,
    ...(typeIds === undefined ? {} : { typeIds: [...new Set(typeIds)] }),
    ...(maxUses === undefined ? {} : { maxUses }),
    ...(validUntil === undefined ? {} : { validUntil }),
    uses: 0,
  });
}

/** The organizer's coupons with their uses. */
export async function couponsOf(ctx: QueryCtx, userId: Id<"users"> | null, eventId: Id<"events"> | null) {
  const event = await requireEventOrganizer(ctx, userId, eventId);
  const rows = await ctx.db
    .query("coupons")
    .withIndex("by_eventId_and_code", (q) => q.eq("eventId", event._id))
    .take(MAX_COUPONS_PER_EVENT);
  return rows.map(({ _id, code, discount, typeIds, maxUses, validUntil, uses }) => ({
    _id,
    code,
    discount,
    typeIds: typeIds ?? null,
    maxUses: maxUses ?? null,
    validUntil: validUntil ?? null,
    uses,
  }));
}

/**
 * The coupon a buyer typed for a unit of `type`'s `lote`, with the unit price it gives; throws the
 * Portuguese reason (another event's code reads as unknown here) when it cannot be used now.
 */
export async function couponPrice(
  ctx: QueryCtx,
  type: Doc<"ticketTypes">,
  lote: { priceCents: number },
  meia: boolean,
  typedCode: string,
  now: number,
): Promise<{ coupon: Doc<"coupons">; priceCents: number }> {
  const coupon = await couponByCode(ctx, type.eventId, normalizeCouponCode(typedCode));
  if (coupon === null) throw appError("INVALID_COUPON", COUPON_MESSAGES.notFound);
  if (coupon.validUntil !== undefined && now > coupon.validUntil) throw appError("COUPON_EXPIRED", COUPON_MESSAGES.expired);
  if (coupon.maxUses !== undefined && coupon.uses >= coupon.maxUses) throw appError("COUPON_USED_UP", COUPON_MESSAGES.usedUp);
  if (coupon.typeIds !== undefined && !coupon.typeIds.includes(type._id)) throw appError("INVALID_COUPON", COUPON_MESSAGES.otherType);
  const priceCents = couponUnitPriceCents(lote.priceCents, coupon.discount, meia);
  if (priceCents === null) throw appError("INVALID_COUPON", COUPON_MESSAGES.aboveThePrice);
  return { coupon, priceCents };
}

/** The unit price a purchase pays: the lote's, or with the typed coupon. */
export async function purchaseUnitPrice(
  ctx: QueryCtx,
  type: Doc<"ticketTypes">,
  lote: { priceCents: number },
  meia: boolean,
  typedCode: string | undefined,
  now: number,
): Promise<{ coupon: Doc<"coupons"> | null; priceCents: number }> {
  if (typedCode === undefined || typedCode.trim() === "") return { coupon: null, priceCents: unitPriceCents(lote, meia) };
  return couponPrice(ctx, type, lote, meia, typedCode, now);
}

/** Takes one use of the coupon (already checked in this transaction). */
export async function takeCouponUse(ctx: MutationCtx, coupon: Doc<"coupons">): Promise<void> {
  await ctx.db.patch("coupons", coupon._id, { uses: coupon.uses + 1 });
}

/** Gives back the use of a purchase refused by the queue or cancelled by its buyer. */
export async function releaseCouponUse(ctx: MutationCtx, purchase: Pick<Doc<"ticketPurchases">, "couponId">): Promise<void> {
  if (purchase.couponId === undefined) return;
  const coupon = await ctx.db.get("coupons", purchase.couponId);
  if (coupon !== null && coupon.uses > 0) await ctx.db.patch("coupons", coupon._id, { uses: coupon.uses - 1 });
}
