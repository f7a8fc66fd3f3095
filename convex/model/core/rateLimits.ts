import { HOUR, MINUTE, RateLimiter, SECOND } from "@convex-dev/rate-limiter";
import { components } from "../../_generated/api";
import type { ActionCtx, MutationCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";

/**
 * The limits of docs/product.md "Limits and presence". Token buckets whose capacity is the whole
 * rate: a burst of `rate` calls passes, the next waits for a token (period / rate), and an
 * idle key is full again after one period. Every limit is keyed per person (or per e-mail),
 * so each key is its own document in the component: one person's flood never contends with
 * anyone else's calls, and no shards are needed (sharding helps a single hot key).
 */
export const RATE_LIMITS = {
  chatMessage: { kind: "token bucket", rate: 5, period: 10 * SECOND, capacity: 5 },
  support: { kind: "token bucket", rate: 20, period: MINUTE, capacity: 20 },
  createEvent: { kind: "token bucket", rate: 10, period: HOUR, capacity: 10 },
  editEvent: { kind: "token bucket", rate: 30, period: HOUR, capacity: 30 },
  localSignIn: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  imageUploadUrl: { kind: "token bucket", rate: 20, period: HOUR, capacity: 20 },
  // Per organizer, wrong codes included: a door scans far fewer, and guessing stays hopeless.
  checkIn: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 60 },
  eventUpdate: { kind: "token bucket", rate: 10, period: HOUR, capacity: 10 },
  // PIX: each charge and transfer is a call to the payment provider.
  deposit: { kind: "token bucket", rate: 20, period: HOUR, capacity: 20 },
  withdrawal: { kind: "token bucket", rate: 10, period: HOUR, capacity: 10 },
  // `Baixar meus dados` reads every table about the person: a few copies an hour is plenty.
  myDataCopy: { kind: "token bucket", rate: 10, period: HOUR, capacity: 10 },
  // Entrar com e-mail (model/email/signInCode.ts): codes asked for, per e-mail and in all.
  signInCodeEmail: { kind: "token bucket", rate: 5, period: HOUR, capacity: 5 },
  signInCodeAll: { kind: "token bucket", rate: 300, period: HOUR, capacity: 300 },
  // Corrigir meu e-mail (model/privacy/emailChange.ts): codes asked for, per person and per new address.
  emailChangeCode: { kind: "token bucket", rate: 5, period: HOUR, capacity: 5 },
  emailChangeTo: { kind: "token bucket", rate: 3, period: HOUR, capacity: 3 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

const rateLimiter = new RateLimiter(components.rateLimiter, RATE_LIMITS);

/**
 * Takes one token of `name` for `key`, or refuses with RATE_LIMITED and the real wait in
 * whole seconds, rounded up. Inside a mutation the token is part of the transaction: a call
 * that fails later (bad input, no access) gives it back.
 */
export async function enforceRateLimit(ctx: MutationCtx | ActionCtx, name: RateLimitName, key: string): Promise<void> {
  const { ok, retryAfter } = await rateLimiter.limit(ctx, name, { key });
  if (!ok) throw appError("RATE_LIMITED", MESSAGES.rateLimited(Math.max(1, Math.ceil(retryAfter / 1000))));
}
