import { query } from "./_generated/server";
import { currentUser } from "./model/users";

/** Bound on "Meus Ingressos"; far more tickets than one person holds. */
const MAX_TICKETS = 500;

/** The caller's tickets, newest first, with each event's start time; [] when signed out. */
export const mine = query({
  args: {},
  handler: async (ctx) => {
    const user = await currentUser(ctx);
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
        };
      }),
    );
  },
});
