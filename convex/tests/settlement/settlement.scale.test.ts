import { afterEach, beforeEach, test, vi } from "vitest";
import { expectRefundInBatches } from "../test.refundInBatches";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

// 100 supporters × 100 contributions: past Convex's per-transaction limits if refunded at once.
// A ceiling, not a measure: this takes about half a minute on a quiet machine and several on a
// busy one (the bench times settlement).
test("a refund of 10,000 contributions settles in batches of 500 within Convex's per-transaction limits", async () => {
  await expectRefundInBatches({ users: 100, each: 100 });
}, 600_000);
