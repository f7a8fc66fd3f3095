import { describe, expect, test } from "vitest";
import { settlementAtDate, strongestClosedReason, supportClosedReason, type Lifecycle } from "./lifecycle";

const NOW = 1_000_000;
const event = (overrides: Partial<Lifecycle> = {}): Lifecycle => ({
  raisedCents: 0,
  goalCents: 10_000,
  goalPercentage: 80,
  startsAt: NOW + 1,
  ...overrides,
});

describe("supportClosedReason", () => {
  test("open before the date while not concluded", () => {
    expect(supportClosedReason(event(), NOW)).toBeNull();
    expect(supportClosedReason(event({ raisedCents: 7_999 }), NOW)).toBeNull();
  });
  test("concluded at the goal percentage", () => {
    expect(supportClosedReason(event({ raisedCents: 8_000 }), NOW)).toBe("concluded");
  });
  test("started from startsAt on, and once settled, before 'concluded'", () => {
    expect(supportClosedReason(event({ startsAt: NOW }), NOW)).toBe("started");
    expect(supportClosedReason(event({ raisedCents: 9_000, startsAt: NOW }), NOW)).toBe("started");
    expect(supportClosedReason(event({ settlement: "paidOut", raisedCents: 9_000 }), NOW)).toBe("started");
    expect(supportClosedReason(event({ settlement: "refunded" }), NOW)).toBe("started");
  });
  test("cancelled first of all", () => {
    expect(supportClosedReason(event({ settlement: "cancelled", startsAt: NOW }), NOW)).toBe("cancelled");
  });
  test("without a clock (a query) only the stored state counts", () => {
    expect(supportClosedReason(event({ startsAt: 0 }), null)).toBeNull();
    expect(supportClosedReason(event({ settlement: "refunded" }), null)).toBe("started");
  });
});

test("at its date a concluded event is paid out, any other refunded", () => {
  expect(settlementAtDate(event({ raisedCents: 8_000 }))).toBe("paidOut");
  expect(settlementAtDate(event({ raisedCents: 7_999 }))).toBe("refunded");
  expect(settlementAtDate(event())).toBe("refunded");
});

test("the strongest closed reason: cancelled, then started, then concluded", () => {
  expect(strongestClosedReason("concluded", "cancelled", "started")).toBe("cancelled");
  expect(strongestClosedReason(null, "concluded", "started")).toBe("started");
  expect(strongestClosedReason(undefined, "concluded")).toBe("concluded");
  expect(strongestClosedReason(null, undefined)).toBeNull();
});
