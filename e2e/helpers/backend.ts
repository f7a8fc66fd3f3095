/**
 * Seeding through the public API, the way any client would: sign in with the local provider
 * over HTTP and call the same mutations the UI calls.
 */
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { RATE_LIMITS, type RateLimitName } from "../../convex/model/core/rateLimits";
import { eventInput, type CreateEventArgs } from "../../test-kit/event-input";
import { localSignInToken } from "../../test-kit/local-sign-in";
import { DAY } from "../../test-kit/time";

function convexUrl(): string {
  const url = process.env.E2E_CONVEX_URL;
  if (!url) throw new Error("E2E_CONVEX_URL is not set: run the suite through playwright.config.ts");
  return url;
}

/** A unique suffix so parallel tests never share users or event names. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A ConvexHttpClient signed in as a fresh local user. */
export async function apiUser(name: string, email = `${unique()}@e2e.test`) {
  const client = new ConvexHttpClient(convexUrl());
  client.setAuth(await localSignInToken(client, name, email));
  return { client, name, email };
}

/** Creates an event as `user` and returns its id; dates default to a week from now at 20:00. */
export async function apiEvent(user: Awaited<ReturnType<typeof apiUser>>, overrides: Partial<CreateEventArgs> = {}): Promise<string> {
  const start = new Date(Date.now() + 7 * DAY);
  start.setHours(20, 0, 0, 0);
  return user.client.mutation(api.events.create, eventInput({ name: `Evento ${unique()}`, startsAt: start.getTime(), ...overrides }));
}

/** Supports an event through the API as `user`. */
export function apiSupport(user: Awaited<ReturnType<typeof apiUser>>, eventId: string, amountCents: number) {
  return user.client.mutation(api.supports.support, { eventId, amountCents });
}

/** Tokens taken on credit by useUpRateLimit: at any limit's refill rate, hours of refusals. */
const RATE_LIMIT_DEBT = 10_000;

/**
 * Uses up `user`'s `name` limit for a long time, as the admin calling the rate limiter
 * component with the app's own configuration: its tokens are taken on credit (`reserve`), so
 * the bucket refills only after hours. The next call is refused however long the test took
 * to get there, where a burst raced the limit's refill on a busy machine.
 */
export async function useUpRateLimit(user: Awaited<ReturnType<typeof apiUser>>, name: RateLimitName): Promise<void> {
  const me = await user.client.query(api.users.me, {});
  if (me === null) throw new Error(`${user.name} is not signed in`);
  const response = await fetch(`${convexUrl()}/api/mutation`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Convex ${process.env.E2E_ADMIN_KEY}` },
    body: JSON.stringify({
      path: "lib:rateLimit",
      componentPath: "rateLimiter",
      args: { name, key: me._id, config: RATE_LIMITS[name], count: RATE_LIMIT_DEBT, reserve: true },
      format: "json",
    }),
  });
  const result = (await response.json()) as { status: string; errorMessage?: string };
  if (result.status !== "success") throw new Error(`could not use up ${name}: ${result.errorMessage ?? response.status}`);
}
