import { v } from "convex/values";
import { idArg } from "./model/core/args";
import { attendeePageOf, attendeeSummaryOf } from "./model/door/attendees";
import { callerQuery } from "./model/core/callerFunctions";
import { requireOrganizer } from "./model/door/checkIn";
import { checkPaginationOpts, paginationOptsArg } from "./model/core/pagination";

/** Per ticket type and lote: sold, meia and checked in, live. Its organizer, `Gerente` and `Coordenação da portaria`. */
export const summary = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const event = await requireOrganizer(ctx, ctx.user?._id ?? null, idArg(ctx, "events", eventId), "attendees:summary");
    return attendeeSummaryOf(ctx, event);
  },
});

/** A page of the attendee list (name, e-mail, type, lote, meia, code, times), for its CSV. Its organizer, `Gerente` and `Coordenação da portaria`. */
export const page = callerQuery({
  args: { eventId: v.string(), paginationOpts: paginationOptsArg },
  handler: async (ctx, { eventId, paginationOpts }) => {
    const opts = checkPaginationOpts(paginationOpts);
    const event = await requireOrganizer(ctx, ctx.user?._id ?? null, idArg(ctx, "events", eventId), "attendees:page");
    return attendeePageOf(ctx, event, opts);
  },
});
