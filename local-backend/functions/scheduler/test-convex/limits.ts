/** Functions the component tests drive: a rate limit and presence, both npm components. */
import { Presence } from "@convex-dev/presence";
import { HOUR, RateLimiter } from "@convex-dev/rate-limiter";
import { componentsGeneric } from "convex/server";
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

// What codegen would type as `components` from convex.config.ts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const components = componentsGeneric() as any;
// Two sends, then none for half an hour: a token bucket refills evenly, so no test runs long
// enough to see a refill. (A fixed window starts at a random moment: its refill could land
// between a test's sends on a slow run.)
const limiter = new RateLimiter(components.rateLimiter, { send: { kind: "token bucket", rate: 2, period: HOUR } });
const presence = new Presence(components.online);

export const send = mutation({
  args: {},
  handler: async (ctx) => (await limiter.limit(ctx, "send")).ok,
});

export const heartbeat = mutation({
  args: { userId: v.string() },
  handler: (ctx, { userId }) => presence.heartbeat(ctx, "sala", userId, `${userId}-session`, 10_000),
});

export const online = query({
  args: { roomToken: v.string() },
  handler: async (ctx, { roomToken }) => (await presence.list(ctx, roomToken)).map((entry) => entry.userId),
});
