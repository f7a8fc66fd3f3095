/** A ticket type's counts (ticketSales): written by the event's queue, cancellations and the waiting list's holds. */
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";

export function salesOf(ctx: QueryCtx, typeId: Id<"ticketTypes">): Promise<Doc<"ticketSales"> | null> {
  return ctx.db
    .query("ticketSales")
    .withIndex("by_typeId", (q) => q.eq("typeId", typeId))
    .unique();
}
