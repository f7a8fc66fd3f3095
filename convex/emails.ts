/**
 * The outbox's worker (model/email/outbox.ts records the rows). Each e-mail gets its own
 * scheduled `send` action: it leases the row (`claim`), hands it to the provider with the row's
 * id as the idempotency key, and records what happened (`settle`): sent, retried later with
 * backoff, or failed for good. Actions run at most once, so a `send` that died mid-way leaves
 * its row leased; the sweep cron gives such rows (and any whose scheduled attempt was lost)
 * another attempt, a page at a time. A provider that is down only delays rows: the
 * transactions that wrote them (a purchase, a support) never wait for it.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import { internalAction, internalMutation, internalQuery, type MutationCtx } from "./_generated/server";
import {
  BACKLOG_COUNT_LIMIT,
  backoffMs,
  EMAIL_LEASE_MS,
  GIVE_UP_AFTER_MS,
  MAX_ATTEMPTS,
  SWEEP_PAGE,
  SWEEP_GRACE_MS,
} from "./model/email/delivery";
import { providerMessage } from "./model/email/message";
import { retryBaseMs, sendThroughProvider } from "./model/email/provider";
import { scheduleAttempt, sendEmail } from "./model/email/outbox";
import { EMAIL_KINDS } from "./model/email/schema";
import { signInCodeEmail } from "./model/email/templates/signIn";
import { SECRET_EXPIRED, secretExpired } from "./model/email/secret";
import { literals } from "convex-helpers/validators";

/**
 * Leases a due row to one attempt; null when it is not due (sent, failed, or leased by another
 * attempt) or when the job was scheduled for an attempt already made (`attempts` no longer the
 * row's count): a duplicate job never spends an attempt nor cuts a backoff short. Jobs scheduled
 * before the argument existed leave it out.
 */
export const claim = internalMutation({
  args: { emailId: v.id("emails"), attempts: v.optional(v.number()) },
  handler: async (ctx, { emailId, attempts }) => {
    const email = await ctx.db.get("emails", emailId);
    if (email === null) return null;
    if (attempts !== undefined && email.attempts !== attempts) return null;
    const now = Date.now();
    const leaseExpired = email.state === "sending" && email.dueAt <= now;
    if (email.state !== "queued" && !leaseExpired) return null;
    if (secretExpired(email, now)) {
      await ctx.db.patch("emails", emailId, { state: "failed", error: SECRET_EXPIRED, failedAt: now, secret: undefined });
      return null;
    }
    const attempt = email.attempts + 1;
    await ctx.db.patch("emails", emailId, { state: "sending", attempts: attempt, dueAt: now + EMAIL_LEASE_MS });
    return { attempt, email };
  },
});

const outcomeValidator = v.union(
  v.object({ kind: v.literal("sent"), providerId: v.string() }),
  v.object({ kind: v.literal("retry"), error: v.string(), retryAfterMs: v.optional(v.number()), throttled: v.optional(v.boolean()) }),
  v.object({ kind: v.literal("permanent"), error: v.string() }),
);

/** Records an attempt's outcome. A late answer of an attempt whose lease was taken over counts only if it is `sent`. */
export const settle = internalMutation({
  args: { emailId: v.id("emails"), attempt: v.number(), outcome: outcomeValidator },
  handler: async (ctx, { emailId, attempt, outcome }) => {
    const email = await ctx.db.get("emails", emailId);
    if (email === null || email.state === "sent") return;
    const now = Date.now();
    if (outcome.kind === "sent") {
      await ctx.db.patch("emails", emailId, {
        state: "sent",
        sentAt: now,
        providerId: outcome.providerId,
        error: undefined,
        secret: undefined,
      });
      return;
    }
    if (email.state !== "sending" || email.attempts !== attempt) return;
    const throttled = outcome.kind === "retry" && outcome.throttled === true;
    const outOfAttempts = attempt >= MAX_ATTEMPTS && !throttled;
    if (outcome.kind === "permanent" || outOfAttempts || now - email._creationTime >= GIVE_UP_AFTER_MS) {
      await ctx.db.patch("emails", emailId, { state: "failed", error: outcome.error, failedAt: now, secret: undefined });
      return;
    }
    // A throttled request gives its attempt back; every request, throttled or not, lengthens the wait.
    const throttles = (email.throttles ?? 0) + (throttled ? 1 : 0);
    const attempts = throttled ? attempt - 1 : attempt;
    const wait = Math.max(backoffMs(attempts + throttles, retryBaseMs()), outcome.retryAfterMs ?? 0);
    await ctx.db.patch("emails", emailId, { state: "queued", dueAt: now + wait, error: outcome.error, attempts, throttles });
    await scheduleAttempt(ctx, emailId, attempts, wait);
  },
});

/** One attempt at one e-mail. */
export const send = internalAction({
  args: { emailId: v.id("emails"), attempts: v.optional(v.number()) },
  handler: async (ctx, { emailId, attempts }) => {
    const claimed = await ctx.runMutation(internal.emails.claim, { emailId, attempts });
    if (claimed === null) return;
    const outcome = await sendThroughProvider(providerMessage(claimed.email), claimed.email._id);
    await ctx.runMutation(internal.emails.settle, { emailId, attempt: claimed.attempt, outcome });
  },
});

/**
 * Every minute (crons.ts): rows whose lease ran out (their `send` died) or whose scheduled
 * attempt is overdue and gone (lost, or ended without settling) get a new attempt, a page at a
 * time. An overdue row whose job is still pending or running is only late (a busy scheduler):
 * it is left to that job. A page that rescued every row it read sweeps again at once.
 */
export const sweep = internalMutation({
  args: {},
  handler: async (ctx) => {
    const now = Date.now();
    const due = async (state: "queued" | "sending", before: number) =>
      ctx.db
        .query("emails")
        .withIndex("by_state_and_dueAt", (q) => q.eq("state", state).lt("dueAt", before))
        .take(SWEEP_PAGE);
    const expired = await due("sending", now);
    const overdue = await due("queued", now - SWEEP_GRACE_MS);
    const lost = [...expired, ...(await asyncFilter(overdue, async (email) => !(await jobAlive(ctx, email))))];
    for (const email of lost) {
      await ctx.db.patch("emails", email._id, { state: "queued", dueAt: now });
      await scheduleAttempt(ctx, email._id, email.attempts, 0);
    }
    if (lost.length >= SWEEP_PAGE) await ctx.scheduler.runAfter(0, internal.emails.sweep, {});
  },
});

/** Whether the row's scheduled attempt is still to run or running. */
async function jobAlive(ctx: MutationCtx, email: Doc<"emails">): Promise<boolean> {
  if (email.sendJobId === undefined) return false;
  const job = await ctx.db.system.get("_scheduled_functions", email.sendJobId);
  return job !== null && (job.state.kind === "pending" || job.state.kind === "inProgress");
}

async function asyncFilter<T>(items: T[], keep: (item: T) => Promise<boolean>): Promise<T[]> {
  const kept: T[] = [];
  for (const item of items) if (await keep(item)) kept.push(item);
  return kept;
}

/** The sign-in code's e-mail (model/email/signInCode.ts sends it from Convex Auth's action). */
export const sendSignInCode = internalMutation({
  args: { to: v.string(), code: v.string() },
  handler: async (ctx, { to, code }) => {
    await sendEmail(ctx, { ...signInCodeEmail(), secret: code, to, kind: "signInCode" });
  },
});

/**
 * "Send this e-mail to this address", for code that runs in an action (a mutation calls
 * `sendEmail` of model/email/outbox.ts directly, in its own transaction). `html` is trusted
 * markup the caller built with model/email/layout.ts, which escapes what it interpolates.
 */
export const sendTo = internalMutation({
  args: {
    to: v.string(),
    kind: literals(...EMAIL_KINDS),
    subject: v.string(),
    html: v.string(),
    text: v.string(),
    userId: v.optional(v.id("users")),
  },
  handler: async (ctx, args) => sendEmail(ctx, args),
});

/**
 * What is left to send and what failed for good, each counted up to BACKLOG_COUNT_LIMIT (an
 * operator's glance and the exactly-once tests' "done" signal; `npx convex run emails:backlog`).
 * Counting reads whole rows, HTML bodies included: counting to 1,000 read megabytes per call,
 * enough to starve a backend polled by a test and, with long bodies, past a query's 16 MiB.
 */
export const backlog = internalQuery({
  args: {},
  handler: async (ctx) => {
    const count = async (state: "queued" | "sending" | "failed") =>
      (
        await ctx.db
          .query("emails")
          .withIndex("by_state_and_dueAt", (q) => q.eq("state", state))
          .take(BACKLOG_COUNT_LIMIT)
      ).length;
    const lastFailure = await ctx.db
      .query("emails")
      .withIndex("by_state_and_dueAt", (q) => q.eq("state", "failed"))
      .order("desc")
      .first();
    return {
      queued: await count("queued"),
      sending: await count("sending"),
      failed: await count("failed"),
      lastError: lastFailure?.error ?? null,
    };
  },
});
