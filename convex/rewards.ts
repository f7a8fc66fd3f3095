import { v } from "convex/values";
import { query } from "./_generated/server";
import { idArg } from "./model/core/args";
import { callerQuery } from "./model/core/callerFunctions";
import { checkPaginationOpts, paginationOptsArg } from "./model/core/pagination";
import { rewardListOf } from "./model/rewards/catalog";
import { requireEventOrganizer, supporterPage } from "./model/supports/lists";

/** The event's `Recompensas`, each with `Restam N` / `Esgotada`, live; [] for a bad id. */
export const list = query({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const id = idArg(ctx, "events", eventId);
    return id === null ? [] : rewardListOf(ctx, id);
  },
});

/** A page of the event's supporters (name, e-mail, amount, reward, answer, date, state), for its CSV. The organizer only. */
export const supporters = callerQuery({
  args: { eventId: v.string(), paginationOpts: paginationOptsArg },
  handler: async (ctx, { eventId, paginationOpts }) => {
    const opts = checkPaginationOpts(paginationOpts);
    const event = await requireEventOrganizer(ctx, ctx.user?._id ?? null, idArg(ctx, "events", eventId));
    return supporterPage(ctx, event, opts);
  },
});
