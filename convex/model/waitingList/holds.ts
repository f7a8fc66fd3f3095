/**
 * How units that come back reach the waiting list. Whatever frees units of a type (a cancelled
 * purchase, a hold that lapsed or was given up, an organizer raising the quantity) calls
 * `offerToWaitingList` with the type's counts as they stand in its own transaction: while the
 * type has something buyable now and someone waits for it, the first in line (by join order,
 * across inteira and meia, each unit going to someone waiting for its own option) gets up to
 * the units they asked for held for HOLD_MS, in the lote on sale.
 *
 * A held unit stays counted in the type's ticketSales as taken: nobody else sees it in `Restam`
 * or can buy it, and the queue never sells it twice. The holder's purchase issues the held units
 * without counting them again (model/tickets/allocation.ts); a hold that lapses gives them back,
 * which offers them to the next in line. Every step runs in the transaction that freed the
 * units, which writes the type's counts: two of them on the same type conflict and one retries,
 * so a unit is never held twice nor lost.
 *
 * A partial hold (the first in line asked for 2, 1 came back) is theirs as it is: it does not
 * grow, and buying it or letting it lapse ends their place in line. Nothing is held once the
 * event is cancelled or started or the type's sales ended: the purchase would be refused.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { notify } from "../notifications/inbox";
import { emailTicketsHeld } from "../email/triggers";
import { supportClosedReason } from "../../model/shared/lifecycle";
import { HOLD_MS } from "../../model/shared/waitingList";
import {
  addSale,
  availabilityOf,
  buyableNow,
  currentLoteIndex,
  inteiraGoneForGood,
  type TicketSales,
} from "../../model/shared/ticketTypes";

/** A type's counts as ticketSales stores them: what `availabilityOf` reads, plus the meia per lote. */
export type TypeCounts = TicketSales & { loteMeia: number[] };

export type Units = { units: number; loteIndex: number; meia: boolean };

export function countsOf(sales: Doc<"ticketSales">): TypeCounts {
  return { inteiraSold: sales.inteiraSold, meiaSold: sales.meiaSold, loteSold: sales.loteSold, loteMeia: sales.loteMeia };
}

/** The counts with `units` taken (sold or held) in their lote. */
export function withUnits(counts: TypeCounts, taken: Units): TypeCounts {
  const loteMeia = [...counts.loteMeia];
  if (taken.meia) {
    while (loteMeia.length <= taken.loteIndex) loteMeia.push(0);
    loteMeia[taken.loteIndex]! += taken.units;
  }
  return { ...addSale(counts, taken), loteMeia };
}

/**
 * The counts with `units` given back. The lote's own count goes down too, unless that would
 * reopen a lote that had ended by its quantity: units that come back never bring back an
 * earlier, cheaper lote; they then sell at the lote on sale now.
 */
export function withoutUnits(type: Pick<Doc<"ticketTypes">, "lotes">, counts: TypeCounts, back: Units, now: number): TypeCounts {
  const { units, loteIndex, meia } = back;
  const loteSold = [...counts.loteSold];
  const loteMeia = [...counts.loteMeia];
  const onSaleBefore = currentLoteIndex(type.lotes, counts.loteSold, now) ?? Number.POSITIVE_INFINITY;
  loteSold[loteIndex] = Math.max(0, (loteSold[loteIndex] ?? 0) - units);
  const onSaleAfter = currentLoteIndex(type.lotes, loteSold, now) ?? Number.POSITIVE_INFINITY;
  const lotesMove = onSaleAfter >= onSaleBefore;
  if (meia && lotesMove) loteMeia[loteIndex] = Math.max(0, (loteMeia[loteIndex] ?? 0) - units);
  return {
    inteiraSold: counts.inteiraSold - (meia ? 0 : units),
    meiaSold: counts.meiaSold - (meia ? units : 0),
    loteSold: lotesMove ? loteSold : counts.loteSold,
    loteMeia: lotesMove ? loteMeia : counts.loteMeia,
  };
}

/** The first person waiting in one option's line of a type (join order), or null. */
export function firstWaiting(ctx: QueryCtx, typeId: Id<"ticketTypes">, meia: boolean) {
  return ctx.db
    .query("waitingListEntries")
    .withIndex("by_typeId_and_meia_and_status", (q) => q.eq("typeId", typeId).eq("meia", meia).eq("status", "waiting"))
    .first();
}

/** Whichever of the two lines' first joined earlier, among the options with something buyable now. */
async function nextInLine(ctx: QueryCtx, type: Doc<"ticketTypes">, counts: TypeCounts, now: number) {
  const available = availabilityOf(type, counts, now);
  if (available.state !== "onSale" || available.loteIndex === null) return null;
  const candidates: { entry: Doc<"waitingListEntries">; buyable: number }[] = [];
  for (const meia of [false, true]) {
    const buyable = buyableNow(available, meia);
    if (buyable <= 0) continue;
    const entry = await firstWaiting(ctx, type._id, meia);
    if (entry !== null) candidates.push({ entry, buyable });
  }
  candidates.sort((a, b) => a.entry._creationTime - b.entry._creationTime);
  const first = candidates[0];
  return first === undefined ? null : { ...first, loteIndex: available.loteIndex };
}

/**
 * Holds what the type has buyable now for the people waiting, first in line first; returns the
 * counts with the held units taken, for the caller to store (`storeCounts`).
 */
export async function offerToWaitingList(
  ctx: MutationCtx,
  event: Doc<"events">,
  type: Doc<"ticketTypes">,
  counts: TypeCounts,
  now: number,
): Promise<TypeCounts> {
  // Purchases close when the event is cancelled or starts (a concluded event keeps selling).
  const closed = supportClosedReason(event, now);
  if (closed !== null && closed !== "concluded") return counts;
  let current = counts;
  for (;;) {
    const next = await nextInLine(ctx, type, current, now);
    if (next === null) return current;
    const { entry, buyable, loteIndex } = next;
    const units = Math.min(buyable, entry.units);
    current = withUnits(current, { units, loteIndex, meia: entry.meia });
    const holdUntil = now + HOLD_MS;
    await ctx.db.patch("waitingListEntries", entry._id, { status: "held", heldUnits: units, heldLoteIndex: loteIndex, holdUntil });
    await ctx.scheduler.runAt(holdUntil, internal.waitingList.expire, { entryId: entry._id });
    await notify(ctx, entry.userId, event, { kind: "ticketsHeld" });
    await emailTicketsHeld(ctx, event, entry.userId, units, holdUntil);
  }
}

/** Writes the type's counts and sets its sold-out flags to match them, so buyers are told before paying. */
export async function storeCounts(ctx: MutationCtx, type: Doc<"ticketTypes">, sales: Doc<"ticketSales">, counts: TypeCounts) {
  const { inteiraSold, meiaSold, loteSold, loteMeia } = counts;
  await ctx.db.patch("ticketSales", sales._id, { inteiraSold, meiaSold, loteSold, loteMeia });
  const inteiraGone = inteiraGoneForGood(type, counts);
  const meiaGone = type.meiaQuantity - meiaSold <= 0;
  const flags = {
    ...(inteiraGone !== (type.inteiraSoldOut === true) ? { inteiraSoldOut: inteiraGone ? (true as const) : undefined } : {}),
    ...(meiaGone !== (type.meiaSoldOut === true) ? { meiaSoldOut: meiaGone ? (true as const) : undefined } : {}),
  };
  if (Object.keys(flags).length > 0) await ctx.db.patch("ticketTypes", type._id, flags);
}
