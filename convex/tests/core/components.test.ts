import { HOUR, RateLimiter } from "@convex-dev/rate-limiter";
import { Presence } from "@convex-dev/presence";
import { expect, it } from "vitest";
import { components } from "../../_generated/api";
import { newBackend } from "../test.helpers";

it("registers the components of convex.config.ts for convex-test", async () => {
  const t = newBackend();
  // A token bucket: no refill within the test (a fixed window's start is random, so its refill
  // could land between the two calls).
  const limiter = new RateLimiter(components.rateLimiter, { send: { kind: "token bucket", rate: 1, period: HOUR } });
  expect(await t.run(async (ctx) => (await limiter.limit(ctx, "send")).ok)).toBe(true);
  expect(await t.run(async (ctx) => (await limiter.limit(ctx, "send")).ok)).toBe(false);

  const presence = new Presence(components.presence);
  const { roomToken } = await t.run((ctx) => presence.heartbeat(ctx, "sala", "ana", "ana-1", 10_000));
  expect((await t.run((ctx) => presence.list(ctx, roomToken))).map((entry) => entry.userId)).toEqual(["ana"]);
});
