/**
 * An event from before `ticketsCancelled` was counted gets it now: its cancelled tickets that held
 * a seat, counted in the same transaction that sets the field. Until then countOnEvent leaves the
 * field absent, so a ticket cancelled before this runs is counted here, once.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { writeEvent } from "../events/writer";
import { standsForItsSeat } from "./issue";

export async function countCancelledSeats(ctx: MutationCtx, event: Doc<"events">): Promise<void> {
  if (event.ticketsCancelled !== undefined) return;
  let cancelled = 0;
  // Only the cancelled ones are read: an event's tickets are bounded by what it sold (thousands).
  const tickets = ctx.db.query("tickets").withIndex("by_eventId_and_status", (q) => q.eq("eventId", event._id).eq("status", "cancelled"));
  for await (const ticket of tickets) if (standsForItsSeat(ticket)) cancelled += 1;
  await writeEvent(ctx, event._id, { ticketsCancelled: cancelled });
}
