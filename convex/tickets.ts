import { v } from "convex/values";
import { idArg } from "./model/args";
import { callerMutation, callerQuery } from "./model/callerFunctions";
import { checkInStatsOf, checkInTicket, requireOrganizer } from "./model/checkIn";

/** Bound on "Meus Ingressos"; far more tickets than one person holds. */
const MAX_TICKETS = 500;

/** The caller's tickets, newest first, with each event's start time; [] when signed out. */
export const mine = callerQuery({
  args: {},
  handler: async (ctx) => {
    const { user } = ctx;
    if (user === null) return [];
    const tickets = await ctx.db
      .query("tickets")
      .withIndex("by_userId", (q) => q.eq("userId", user._id))
      .order("desc")
      .take(MAX_TICKETS);
    return Promise.all(
      tickets.map(async (ticket) => {
        const event = await ctx.db.get("events", ticket.eventId);
        return {
          _id: ticket._id,
          code: ticket.code,
          eventId: ticket.eventId,
          eventName: ticket.eventName,
          eventStartsAt: event?.startsAt ?? null,
          issuedAt: ticket.issuedAt,
          status: ticket.status ?? "valid",
          usedAt: ticket.usedAt ?? null,
        };
      }),
    );
  },
});

/** At the door: the event's creator marks a ticket used; returns the holder's name. */
export const checkIn = callerMutation({
  args: { eventId: v.string(), code: v.string() },
  handler: async (ctx, { eventId, code }) => {
    // Signed out is answered like anyone else who is not the organizer.
    const event = await requireOrganizer(ctx, ctx.user?._id ?? null, idArg(ctx, "events", eventId));
    return checkInTicket(ctx, event, code, Date.now());
  },
});

/** How many of the event's tickets were issued and checked in; the event's creator only. */
export const checkInStats = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const event = await requireOrganizer(ctx, ctx.user?._id ?? null, idArg(ctx, "events", eventId));
    return checkInStatsOf(event);
  },
});

