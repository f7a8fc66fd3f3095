/**
 * The part of a deletion that may touch many rows: renaming the person's chat messages, clearing
 * their reward answers and PIX keys, deleting their notifications. The deletion itself runs it
 * with a budget (a person with a few hundred rows is done in that one transaction); what is left
 * continues in scheduled batches (`myData:continueScrub`), each resuming where the last stopped.
 * Each step walks one index range of the person's rows by creation time, so a batch never reads
 * a row twice.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from "../../model/shared/pix";
import { DELETED_ACCOUNT_NAME } from "../../model/shared/hiddenNames";

/** Where a scrub stands: the step, and the creation time of the last row it handled. */
export type ScrubState = { step: number; after: number };
type Batch = { handled: number; last: number | null };
type Step = (ctx: MutationCtx, who: { userId: Id<"users">; email: string | null }, after: number, limit: number) => Promise<Batch>;

const batchOf = (rows: { _creationTime: number }[], limit: number): Batch => ({
  handled: rows.length,
  last: rows.length < limit ? null : rows[rows.length - 1]!._creationTime,
});

const deletedBatch = (rows: unknown[], limit: number): Batch => ({ handled: rows.length, last: rows.length < limit ? null : 0 });

const QUEUE_STATUSES = ["pending", "applied", "refunded"] as const;

/** A reward's answer (a size, an address) leaves the person's queued supports, status by status. */
function clearingQueuedAnswers(status: (typeof QUEUE_STATUSES)[number]): Step {
  return async (ctx, { userId }, after, limit) => {
    const rows = await ctx.db
      .query("queuedSupports")
      .withIndex("by_userId_and_status", (q) => q.eq("userId", userId).eq("status", status).gt("_creationTime", after))
      .take(limit);
    for (const row of rows) if (row.answer !== undefined) await ctx.db.patch("queuedSupports", row._id, { answer: undefined });
    return batchOf(rows, limit);
  };
}

/** The PIX key goes; the holder's CPF or CNPJ stays with the amount, as the tax record of a payment names who received it. */
function clearingWithdrawalKeys(status: (typeof WITHDRAWAL_STATUSES)[number]): Step {
  return async (ctx, { userId }, after, limit) => {
    const rows = await ctx.db
      .query("withdrawals")
      .withIndex("by_userId_and_status", (q) => q.eq("userId", userId).eq("status", status).gt("_creationTime", after))
      .take(limit);
    for (const row of rows) if (row.key !== "") await ctx.db.patch("withdrawals", row._id, { key: "" });
    return batchOf(rows, limit);
  };
}

/** A deposit's copia-e-cola code is of no use once paid or expired. */
function clearingDepositCodes(status: (typeof DEPOSIT_STATUSES)[number]): Step {
  return async (ctx, { userId }, after, limit) => {
    const rows = await ctx.db
      .query("deposits")
      .withIndex("by_userId_and_status", (q) => q.eq("userId", userId).eq("status", status).gt("_creationTime", after))
      .take(limit);
    for (const row of rows) if (row.qrCode !== undefined) await ctx.db.patch("deposits", row._id, { qrCode: undefined });
    return batchOf(rows, limit);
  };
}

/** The person's e-mails (their address, what was said) and their e-mail preferences go with them. */
const EMAIL_STEPS: Step[] = [
  async (ctx, { userId }, _after, limit) => {
    const rows = await ctx.db
      .query("emails")
      .withIndex("by_userId_and_state", (q) => q.eq("userId", userId))
      .take(limit);
    for (const row of rows) await ctx.db.delete("emails", row._id);
    return deletedBatch(rows, limit);
  },
  async (ctx, { userId }, _after, limit) => {
    const rows = await ctx.db
      .query("emailPreferences")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(limit);
    for (const row of rows) await ctx.db.delete("emailPreferences", row._id);
    return deletedBatch(rows, limit);
  },
];

/** In order: what others read first (the chat), then the rest. */
const STEPS: Step[] = [
  ...EMAIL_STEPS,
  async (ctx, { userId }, after, limit) => {
    const rows = await ctx.db
      .query("messages")
      .withIndex("by_userId", (q) => q.eq("userId", userId).gt("_creationTime", after))
      .take(limit);
    for (const row of rows) await ctx.db.patch("messages", row._id, { authorName: DELETED_ACCOUNT_NAME });
    return batchOf(rows, limit);
  },
  async (ctx, { userId }, after, limit) => {
    const rows = await ctx.db
      .query("contributions")
      .withIndex("by_userId", (q) => q.eq("userId", userId).gt("_creationTime", after))
      .take(limit);
    for (const row of rows) if (row.answer !== undefined) await ctx.db.patch("contributions", row._id, { answer: undefined });
    return batchOf(rows, limit);
  },
  ...QUEUE_STATUSES.map(clearingQueuedAnswers),
  ...WITHDRAWAL_STATUSES.map(clearingWithdrawalKeys),
  ...DEPOSIT_STATUSES.map(clearingDepositCodes),
  async (ctx, { email }, _after, limit) => {
    // Tickets others gave to this e-mail: the giver's row named it.
    if (email === null) return { handled: 0, last: null };
    const rows = await ctx.db
      .query("tickets")
      .withIndex("by_transferredTo_and_transferredToTicketId", (q) => q.eq("transferredTo", email))
      .take(limit);
    for (const row of rows) await ctx.db.patch("tickets", row._id, { transferredTo: DELETED_ACCOUNT_NAME });
    return { handled: rows.length, last: rows.length < limit ? null : 0 };
  },
  async (ctx, { email }, _after, limit) => {
    // Cortesias given to this e-mail: the organizer's list named it.
    if (email === null) return { handled: 0, last: null };
    const rows = await ctx.db
      .query("courtesies")
      .withIndex("by_email_and_ticketId", (q) => q.eq("email", email.toLowerCase()))
      .take(limit);
    for (const row of rows) await ctx.db.patch("courtesies", row._id, { email: DELETED_ACCOUNT_NAME });
    return { handled: rows.length, last: rows.length < limit ? null : 0 };
  },
  async (ctx, { userId }, _after, limit) => {
    const rows = await ctx.db
      .query("notifications")
      .withIndex("by_userId_and_at", (q) => q.eq("userId", userId))
      .take(limit);
    for (const row of rows) await ctx.db.delete("notifications", row._id);
    return deletedBatch(rows, limit);
  },
  async (ctx, { userId }, _after, limit) => {
    const rows = await ctx.db
      .query("notificationInboxes")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(limit);
    for (const row of rows) await ctx.db.delete("notificationInboxes", row._id);
    return deletedBatch(rows, limit);
  },
  async (ctx, { userId }, _after, limit) => {
    const rows = await ctx.db
      .query("chatParticipants")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(limit);
    for (const row of rows) await ctx.db.delete("chatParticipants", row._id);
    return deletedBatch(rows, limit);
  },
  async (ctx, { userId }, _after, limit) => {
    const rows = await ctx.db
      .query("waitingListEntries")
      .withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId))
      .take(limit);
    for (const row of rows) await ctx.db.delete("waitingListEntries", row._id);
    return deletedBatch(rows, limit);
  },
  async (ctx, { userId }, _after, limit) => {
    const rows = await ctx.db
      .query("anonymousSupporters")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .take(limit);
    for (const row of rows) await ctx.db.delete("anonymousSupporters", row._id);
    return deletedBatch(rows, limit);
  },
];

/**
 * Runs the steps from `state` until about `budget` rows were handled. Returns where to resume,
 * or null when everything is done.
 */
export async function scrub(
  ctx: MutationCtx,
  who: { userId: Id<"users">; email: string | null },
  state: ScrubState,
  budget: number,
): Promise<ScrubState | null> {
  let { step, after } = state;
  let left = budget;
  while (step < STEPS.length) {
    if (left <= 0) return { step, after };
    const batch = await STEPS[step]!(ctx, who, after, Math.min(left, 200));
    left -= Math.max(batch.handled, 1);
    if (batch.last === null) [step, after] = [step + 1, 0];
    else after = batch.last;
  }
  return null;
}
