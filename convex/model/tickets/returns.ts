/**
 * Units that come back to a ticket type (a cancelled purchase, a waiting-list hold that lapsed
 * or was given up, an organizer raising the quantity): they go first to the type's waiting list
 * (model/waitingList/holds.ts), and what nobody waits for goes back on sale, so `Restam` goes up
 * live and a sold-out flag that no longer holds is cleared. Meia goes back to the meia-entrada
 * reserve, inteira to the inteira.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { salesOf } from "./sales";
import { countsOf, offerToWaitingList, storeCounts, withoutUnits, type Units } from "../waitingList/holds";

/** Gives `back` units back to the type (none: only offers what it has free, after a raised quantity). */
export async function giveBackUnits(ctx: MutationCtx, typeId: Id<"ticketTypes">, back: Units | null, now: number): Promise<void> {
  const type = await ctx.db.get("ticketTypes", typeId);
  const sales = await salesOf(ctx, typeId);
  const event = type === null ? null : await ctx.db.get("events", type.eventId);
  if (type === null || sales === null || event === null) return;
  const returned = back === null ? countsOf(sales) : withoutUnits(type, countsOf(sales), back, now);
  await storeCounts(ctx, type, sales, await offerToWaitingList(ctx, event, type, returned, now));
}

/** A cancelled purchase's units come back. */
export async function returnUnits(ctx: MutationCtx, purchase: Doc<"ticketPurchases">, now: number): Promise<void> {
  const { units, loteIndex } = purchase;
  await giveBackUnits(ctx, purchase.typeId, { units, loteIndex, meia: purchase.meiaCategory !== undefined }, now);
}
