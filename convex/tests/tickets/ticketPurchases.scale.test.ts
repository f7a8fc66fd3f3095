import { afterEach, beforeEach, test, vi } from "vitest";
import { expectRushWithinCapacity } from "../test.purchaseRush";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("2,000 queued purchases for 100 units: exactly 100 tickets, meia within its share, everyone else refunded", async () => {
  await expectRushWithinCapacity(2_000);
}, 240_000);
