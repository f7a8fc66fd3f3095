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
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { backoffMs, EMAIL_LEASE_MS, MAX_ATTEMPTS, SWEEP_PAGE, SWEEP_GRACE_MS } from "./model/email/delivery";
import { providerMessage } from "./model/email/message";
import { retryBaseMs, sendThroughProvider } from "./model/email/provider";
import { sendEmail } from "./model/email/outbox";
import { EMAIL_KINDS } from "./model/email/schema";
import { signInCodeEmail } from "./model/email/templates/signIn";
import { literals } from "convex-helpers/validators";

/** Leases a due row to one attempt; null when it is not due (sent, failed, or leased by another attempt). */
export const claim = internalMutation({
  args: { emailId: v.id("emails") },
  handler: async (ctx, { emailId }) => {
    const email = await ctx.db.get("emails", emailId);
    if (email === null) return null;
    const now = Date.now();
    const leaseExpired = email.state === "sending" && email.dueAt <= now;
    if (email.state !== "queued" && !leaseExpired) return null;
    const attempt = email.attempts + 1;
    await ctx.db.patch("emails", emailId, { state: "sending", attempts: attempt, dueAt: now + EMAIL_LEASE_MS });
    return { attempt, email };
  },
});

const outcomeValidator = v.union(
  v.object({ kind: v.literal("sent"), providerId: v.string() }),
  v.object({ kind: v.literal("retry"), error: v.string(), retryAfterMs: v.optional(v.number()) }),
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
      await ctx.db.patch("emails", emailId, { state: "sent", sentAt: now, providerId: outcome.providerId, error: undefined });
      return;
    }
    if (email.state !== "sending" || email.attempts !== attempt) return;
    if (outcome.kind === "permanent" || attempt >= MAX_ATTEMPTS) {
      await ctx.db.patch("emails", emailId, { state: "failed", error: outcome.error, failedAt: now });
      return;
    }
    const wait = Math.max(backoffMs(attempt, retryBaseMs()), outcome.retryAfterMs ?? 0);
    await ctx.db.patch("emails", emailId, { state: "queued", dueAt: now + wait, error: outcome.error });
    await ctx.scheduler.runAfter(wait, internal.emails.send, { emailId });
  },
});

/** One attempt at one e-mail. */
export const send = internalAction({
  args: { emailId: v.id("emails") },
  handler: async (ctx, { emailId }) => {
    const claimed = await ctx.runMutation(internal.emails.claim, { emailId });
    if (claimed === null) return;
    const outcome = await sendThroughProvider(providerMessage(claimed.email), claimed.email._id);
    await ctx.runMutation(internal.emails.settle, { emailId, attempt: claimed.attempt, outcome });
  },
});

/**
 * Every minute (crons.ts): rows whose lease ran out (their `send` died) or whose scheduled
 * attempt is overdue get a new attempt, a page at a time; a full page sweeps again at once.
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
    const stuck = [...(await due("sending", now)), ...(await due("queued", now - SWEEP_GRACE_MS))];
    for (const email of stuck) {
      await ctx.db.patch("emails", email._id, { state: "queued", dueAt: now });
      await ctx.scheduler.runAfter(0, internal.emails.send, { emailId: email._id });
    }
    if (stuck.length >= SWEEP_PAGE) await ctx.scheduler.runAfter(0, internal.emails.sweep, {});
  },
});

/** The sign-in code's e-mail (model/email/signInCode.ts sends it from Convex Auth's action). */
export const sendSignInCode = internalMutation({
  args: { to: v.string(), code: v.string() },
  handler: async (ctx, { to, code }) => {
    await sendEmail(ctx, { ...signInCodeEmail(code), to, kind: "signInCode" });
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
 * What is left to send and what failed for good, each counted up to 1,000 (an operator's glance
 * and the exactly-once tests' "done" signal; `npx convex run emails:backlog`).
 */
export const backlog = internalQuery({
  args: {},
  handler: async (ctx) => {
    const count = async (state: "queued" | "sending" | "failed") =>
      (
        await ctx.db
          .query("emails")
          .withIndex("by_state_and_dueAt", (q) => q.eq("state", state))
          .take(1_000)
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
