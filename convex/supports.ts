import { v } from "convex/values";
import { hideNameOn } from "./model/privacy/anonymity";
import { idArg } from "./model/core/args";
import { MESSAGES } from "./model/shared/texts";
import { enforceRateLimit } from "./model/core/rateLimits";
import { contributionTotal } from "./model/supports/contributions";
import { enqueueSupport, outcomeOf } from "./model/supports/queue";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { checkPaginationOpts, paginationOptsArg } from "./model/core/pagination";
import { mySupportsPage } from "./model/supports/lists";

/**
 * Supports an event with money from the caller's wallet: checked and debited at once, and
 * applied at once on a quiet event or by the event's queue (model/supports/queue.ts). `rewardId`
 * (absent: `Sem recompensa`) and `answer` are the reward chosen and the answer to its question.
 * Returns the id whose outcome `supports:outcome` tells, live, and whether it waits in the queue.
 */
export const support = signedInMutation({
  args: {
    eventId: v.string(),
    amountCents: v.number(),
    rewardId: v.optional(v.string()),
    answer: v.optional(v.string()),
    /** `Apoiar sem mostrar meu nome` (model/privacy/anonymity.ts). */
    anonymous: v.optional(v.boolean()),
  },
  signedOutMessage: MESSAGES.notSignedInToSupport,
  handler: async (ctx, { eventId, amountCents, rewardId, answer, anonymous }) => {
    await enforceRateLimit(ctx, "support", ctx.user._id);
    const id = idArg(ctx, "events", eventId);
    const result = await enqueueSupport(ctx, ctx.user, id, amountCents, Date.now(), { rewardId, answer });
    // Only a support the door accepted gets here (a refusal throws), so `id` names an event.
    if (anonymous === true && id !== null) await hideNameOn(ctx, id, ctx.user._id);
    return result;
  },
});

/**
 * What became of one of the caller's supports: pending, applied ({goalReached, ticketCode}) or
 * refunded because the event closed first ({closedReason}), each with its amount. Null for an
 * id that is not theirs.
 */
export const outcome = callerQuery({
  args: { supportId: v.string() },
  handler: async (ctx, { supportId }) => {
    const id = idArg(ctx, "queuedSupports", supportId);
    if (ctx.user === null || id === null) return null;
    return outcomeOf(ctx, ctx.user._id, id);
  },
});

/** Whether the caller has supported the event, and how much in all. */
export const mine = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const { user } = ctx;
    const id = idArg(ctx, "events", eventId);
    if (user === null || id === null) return { supported: false, amountCents: 0 };
    return contributionTotal(ctx, id, user._id);
  },
});

/** `Meus apoios`: a page of the caller's supports, newest first, live; empty when signed out. */
export const list = callerQuery({
  args: { paginationOpts: paginationOptsArg },
  handler: async (ctx, { paginationOpts }) => {
    const opts = checkPaginationOpts(paginationOpts);
    if (ctx.user === null) return { page: [], isDone: true, continueCursor: "" };
    return mySupportsPage(ctx, ctx.user._id, opts);
  },
});
