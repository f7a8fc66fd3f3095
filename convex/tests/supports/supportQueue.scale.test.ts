import { afterEach, beforeEach, describe, test, vi } from "vitest";
import { expectQueueDrains, expectRewardCapacities } from "../test.queueDrain";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the per-event support queue at 2,000", () => {
  test("drains 2,000 queued supports of one event within Convex's per-transaction limits", async () => {
    await expectQueueDrains(2_000);
  }, 240_000);

  test("drains 2,000 queued supports mixing limited rewards: each reward's capacity exact, the rest refunded with its reason", async () => {
    await expectRewardCapacities(2_000);
  }, 240_000);
});
