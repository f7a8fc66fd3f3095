import { v } from "convex/values";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { courtesyPageOf, courtesyStandingOf, issueCourtesies, setCourtesyLimit } from "./model/tickets/courtesies";
import { checkPaginationOpts, paginationOptsArg } from "./model/core/pagination";
import { enforceRateLimit } from "./model/core/rateLimits";
import { COURTESY_MESSAGES } from "./model/shared/courtesies";
import { appError } from "./model/shared/errors";
import { requireEventRole } from "./model/team/members";

/** `Cortesias`: one courtesy ticket of `typeId` to each e-mail (1 to 20), at no charge. Every rule in model/tickets/courtesies.ts. */
export const issue = signedInMutation({
  args: { eventId: v.string(), typeId: v.string(), emails: v.array(v.string()) },
  handler: async (ctx, { eventId, typeId, emails }) => {
    await enforceRateLimit(ctx, "editEvent", ctx.user._id);
    // Bounded before any work: the model checks each address.
    if (emails.length > 100) throw appError("INVALID_COURTESY", COURTESY_MESSAGES.invalidEmails);
    return issueCourtesies(ctx, ctx.user._id, idArg(ctx, "events", eventId), idArg(ctx, "ticketTypes", typeId), emails, Date.now());
  },
});

/** The organizer raises the event's limit of cortesias (10% of its tickets unless set). */
export const setLimit = signedInMutation({
  args: { eventId: v.string(), limit: v.number() },
  handler: async (ctx, { eventId, limit }) => {
    await setCourtesyLimit(ctx, ctx.user._id, idArg(ctx, "events", eventId), limit);
    return null;
  },
});

/** How many cortesias the event gave, its limit and its tickets, with its types to choose from. */
export const summary = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const { event } = await requireEventRole(ctx, "courtesies:summary", ctx.user?._id ?? null, idArg(ctx, "events", eventId), () =>
      appError("NOT_THE_ORGANIZER", COURTESY_MESSAGES.notTheOrganizer),
    );
    const { capacity, issued, limit, raised, types } = await courtesyStandingOf(ctx, event);
    return { capacity, issued, limit, raised, types: types.map(({ _id, name }) => ({ _id, name })) };
  },
});

/** A page of the event's cortesias: to whom, which type, delivered or waiting for an account. */
export const list = callerQuery({
  args: { eventId: v.string(), paginationOpts: paginationOptsArg },
  handler: async (ctx, { eventId, paginationOpts }) => {
    const opts = checkPaginationOpts(paginationOpts);
    const { event } = await requireEventRole(ctx, "courtesies:list", ctx.user?._id ?? null, idArg(ctx, "events", eventId), () =>
      appError("NOT_THE_ORGANIZER", COURTESY_MESSAGES.notTheOrganizer),
    );
    return courtesyPageOf(ctx, event, opts);
  },
});
