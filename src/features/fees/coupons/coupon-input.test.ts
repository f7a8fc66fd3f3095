import { describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "@convex/model/shared/coupons";
import { endOfDateInput } from "../../../lib/dates";
import { couponArgsOf, EMPTY_DRAFT } from "./coupon-input";

const STARTS_AT = new Date(2030, 5, 20, 21, 0).getTime();

describe("what the coupon form sends", () => {
  it("a percent, a fixed amount in reais, the types ticked, a maximum and the day's last minute", () => {
    expect(couponArgsOf({ ...EMPTY_DRAFT, code: "amigos", value: "20%" }, STARTS_AT)).toEqual({
      code: "amigos",
      discount: { kind: "percent", percent: 20 },
    });
    expect(
      couponArgsOf({ code: "CINCO", kind: "fixed", value: "R$ 5,50", typeIds: ["t1"], maxUses: "10", validUntil: "2030-06-10" }, STARTS_AT),
    ).toEqual({
      code: "CINCO",
      discount: { kind: "fixed", amountCents: 550 },
      typeIds: ["t1"],
      maxUses: 10,
      validUntil: endOfDateInput("2030-06-10"),
    });
  });

  it("a last day on the event's own day ends at its start", () => {
    const args = couponArgsOf({ ...EMPTY_DRAFT, code: "HOJE", value: "10", validUntil: "2030-06-20" }, STARTS_AT);
    expect(args).toMatchObject({ validUntil: STARTS_AT });
  });

  it("what cannot be read is said in the server's words; the rules themselves are left to the server", () => {
    expect(couponArgsOf({ ...EMPTY_DRAFT, value: "dez" }, STARTS_AT)).toEqual({ message: COUPON_MESSAGES.invalidPercent });
    expect(couponArgsOf({ ...EMPTY_DRAFT, kind: "fixed", value: "abc" }, STARTS_AT)).toEqual({ message: COUPON_MESSAGES.invalidAmount });
    expect(couponArgsOf({ ...EMPTY_DRAFT, value: "10", maxUses: "2,5" }, STARTS_AT)).toEqual({ message: COUPON_MESSAGES.invalidMaxUses });
    // 150% reads fine and goes to the server, which refuses it with invalidPercent.
    expect(couponArgsOf({ ...EMPTY_DRAFT, value: "150" }, STARTS_AT)).toMatchObject({ discount: { kind: "percent", percent: 150 } });
  });
});
