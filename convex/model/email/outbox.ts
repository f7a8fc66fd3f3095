/**
 * The outbox: every e-mail the app sends is first a row of `emails`, written in the transaction
 * that caused it (a purchase rolled back writes none), then sent by a background action
 * (convex/emails.ts) with retries and the row's id as the provider's idempotency key, so a
 * retry after an answer lost on the way back never sends a second copy.
 *
 * A row's life: `queued` (due at `dueAt`) → `sending` (leased until `dueAt` by one attempt) →
 * `sent`, or `queued` again after a failure worth retrying, or `failed` (a permanent refusal,
 * or the attempts ran out). A deployment with no provider records rows as `unsent`: nothing
 * is lost from the record, and nothing is sent later out of context.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { emailConfigured } from "./provider";
import { checkAddress } from "./address";

/** What one e-mail says, already rendered (model/email/templates/). */
export type EmailContent = {
  subject: string;
  html: string;
  text: string;
  /** Ticket codes drawn as QR images at send time, attached inline as `cid:qr-<index>`. */
  qrCodes?: string[];
  /** Optional e-mails carry their one-click unsubscribe link (List-Unsubscribe). */
  unsubscribeUrl?: string;
};

export type EmailKind = Doc<"emails">["kind"];

export type OutgoingEmail = EmailContent & {
  to: string;
  kind: EmailKind;
  /** Whose e-mail it is, so a permanent failure can be shown to them. */
  userId?: Id<"users">;
  /** Sent at most once per key (a batch that runs twice, a notice told in parts). */
  dedupeKey?: string;
  /** Put where the content says SECRET_PLACEHOLDER at send time, then forgotten (model/email/secret.ts). */
  secret?: string;
};

/**
 * Records an e-mail in the caller's transaction and schedules its first attempt. Returns the
 * row, or null when the address is unusable or the key was already used (nothing written).
 * The only way anything is e-mailed: call it from any mutation.
 */
export async function sendEmail(ctx: MutationCtx, email: OutgoingEmail): Promise<Id<"emails"> | null> {
  const to = checkAddress(email.to);
  if (to === null) return null;
  if (email.dedupeKey !== undefined) {
    const key = email.dedupeKey;
    const earlier = await ctx.db
      .query("emails")
      .withIndex("by_dedupeKey", (q) => q.eq("dedupeKey", key))
      .first();
    if (earlier !== null) return null;
  }
  const configured = emailConfigured();
  const now = Date.now();
  const id = await ctx.db.insert("emails", { ...email, to, state: configured ? "queued" : "unsent", attempts: 0, dueAt: now });
  if (configured) await scheduleAttempt(ctx, id, 0, 0);
  return id;
}

/**
 * Schedules the attempt that follows attempt number `attempts` (0: the first) in `delayMs`, and
 * notes the job on the row. The job claims the row only while it still has `attempts` attempts,
 * so a second job for the same attempt (the sweep's, beside a late one) finds it taken and does
 * nothing: each attempt is made once, after the whole wait its predecessor asked for.
 */
export async function scheduleAttempt(ctx: MutationCtx, emailId: Id<"emails">, attempts: number, delayMs: number): Promise<void> {
  const jobId = await ctx.scheduler.runAfter(delayMs, internal.emails.send, { emailId, attempts });
  await ctx.db.patch("emails", emailId, { sendJobId: jobId });
}
