import { parseBRL } from "@convex/model/shared/money";
import { COUPON_MESSAGES, type CouponDiscount } from "@convex/model/shared/coupons";
import { endOfDateInput } from "../../../lib/dates";

export type CouponDraft = {
  code: string;
  kind: CouponDiscount["kind"];
  value: string;
  typeIds: string[];
  maxUses: string;
  validUntil: string;
};

export const EMPTY_DRAFT: CouponDraft = { code: "", kind: "percent", value: "", typeIds: [], maxUses: "", validUntil: "" };

export type CouponArgs = {
  code: string;
  discount: CouponDiscount;
  typeIds?: string[];
  maxUses?: number;
  validUntil?: number;
};

/**
 * What the form sends `coupons:create`, or the Portuguese message of what cannot be read.
 * Only parsing: every rule (1–100%, the code's letters, the date) is the server's, which says
 * why in the same words. A date is valid through its last minute, never past the event's start.
 */
export function couponArgsOf(draft: CouponDraft, eventStartsAt: number): CouponArgs | { message: string } {
  const discount: CouponDiscount | null =
    draft.kind === "percent"
      ? /^\s*\d{1,3}\s*%?\s*$/.test(draft.value)
        ? { kind: "percent", percent: Number.parseInt(draft.value, 10) }
        : null
      : ((cents) => (cents === null ? null : { kind: "fixed" as const, amountCents: cents }))(parseBRL(draft.value));
  if (discount === null) return { message: draft.kind === "percent" ? COUPON_MESSAGES.invalidPercent : COUPON_MESSAGES.invalidAmount };
  const maxUses = draft.maxUses.trim() === "" ? undefined : Number(draft.maxUses);
  if (maxUses !== undefined && !Number.isSafeInteger(maxUses)) return { message: COUPON_MESSAGES.invalidMaxUses };
  const endOfDay = draft.validUntil === "" ? null : endOfDateInput(draft.validUntil);
  if (draft.validUntil !== "" && endOfDay === null) return { message: COUPON_MESSAGES.invalidValidUntil };
  return {
    code: draft.code,
    discount,
    ...(draft.typeIds.length === 0 ? {} : { typeIds: draft.typeIds }),
    ...(maxUses === undefined ? {} : { maxUses }),
    ...(endOfDay === null ? {} : { validUntil: Math.min(endOfDay, eventStartsAt) }),
  };
}
