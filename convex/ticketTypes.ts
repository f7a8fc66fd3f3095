import { v } from "convex/values";
import { query } from "./_generated/server";
import { idArg } from "./model/core/args";
import { ticketBlockOf } from "./model/tickets/ticketTypes";

/**
 * The `Ingressos` block: the event's ticket types with their lotes and what each sold, live;
 * [] for an event without types or an unknown id. The browser picks the current lote with its
 * own clock (shared/ticketTypes.ts' availabilityOf): a query cannot follow the time.
 */
export const forEvent = query({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const id = idArg(ctx, "events", eventId);
    return id === null ? [] : ticketBlockOf(ctx, id);
  },
});
