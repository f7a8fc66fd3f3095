import { describe, expect, it } from "vitest";
import { supportRefusal, type SupportAttempt } from "./supportRefusal";

const fine: SupportAttempt = { walletCents: 5000, amountCents: 1000, minSupportCents: 500, closedReason: null };

describe("supportRefusal: the documented order, one reason at a time", () => {
  it("lets a valid support through", () => {
    expect(supportRefusal(fine)).toBeNull();
  });

  it("checks sign-in, amount, balance, funds, minimum, then whether the event is open", () => {
    // Every check fails at once; peeling them off one by one reveals the order.
    const attempt: SupportAttempt = { walletCents: null, amountCents: null, minSupportCents: 99_999, closedReason: "cancelled" };
    expect(supportRefusal(attempt)?.code).toBe("NOT_SIGNED_IN");
    expect(supportRefusal({ ...attempt, walletCents: 0 })?.code).toBe("INVALID_AMOUNT");
    expect(supportRefusal({ ...attempt, walletCents: 0, amountCents: 6000 })).toEqual({
      code: "NO_BALANCE",
      message: "Você não possui saldo suficiente para apoiar este evento.",
      title: "Saldo Insuficiente",
    });
    expect(supportRefusal({ ...attempt, walletCents: 5000, amountCents: 6000 })?.message).toBe("Saldo insuficiente!");
    expect(supportRefusal({ ...attempt, walletCents: 5000, amountCents: 1000 })?.message).toBe("O valor mínimo de apoio é R$ 999,99");
    expect(supportRefusal({ ...attempt, walletCents: 5000, amountCents: 1000, minSupportCents: 500 })?.code).toBe("EVENT_CANCELLED");
  });

  it("refuses amounts that are not whole positive cents", () => {
    for (const amountCents of [0, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(supportRefusal({ ...fine, amountCents })?.code).toBe("INVALID_AMOUNT");
    }
  });

  it("names why supporting closed", () => {
    expect(supportRefusal({ ...fine, closedReason: "started" })?.message).toBe("Este evento já começou. Os apoios estão encerrados.");
    expect(supportRefusal({ ...fine, closedReason: "cancelled" })?.message).toBe("Este evento foi cancelado.");
    expect(supportRefusal({ ...fine, closedReason: "concluded" })?.code).toBe("SUPPORT_CLOSED");
  });
});
