/**
 * `Lista de espera`: a person joins the line of a sold-out option (inteira or meia) of a type,
 * sees their place live, and leaves when they like. Holds are given in
 * model/waitingList/holds.ts; a hold is bought through the ordinary purchase
 * (model/tickets/purchases.ts, with its `holdId`).
 *
 * Joining writes only the person's own new row and reads the type's definition (its sold-out
 * flags, as a buyer does) and the person's own rows: it never conflicts with a cancellation
 * offering units to the first in line, whose read of the line ends before a newcomer's row.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { checkPerPersonLimit } from "../tickets/perPersonLimit";
import { appError } from "../../model/shared/errors";
import { supportClosedMessage } from "../../model/shared/lifecycle";
import { MESSAGES } from "../../model/shared/texts";
import { MAX_UNITS_PER_PURCHASE, TICKET_MESSAGES, unitPriceCents } from "../../model/shared/ticketTypes";
import { POSITION_COUNT_LIMIT, WAITING_LIST_MESSAGES } from "../../model/shared/waitingList";
import { gateClosedReason, gateOf } from "../supports/gates";
import { giveBackUnits } from "../tickets/returns";

export type JoinRequest = { typeId: Id<"ticketTypes"> | null; units: number; meia: boolean };

/** Whether the option is sold out as buyers are told (its flag), so joining its line makes sense. */
function optionSoldOut(type: Doc<"ticketTypes">, meia: boolean): boolean {
  return meia ? type.meiaSoldOut === true : type.inteiraSoldOut === true;
}

/**
 * `Entrar na lista de espera`: refused, with nothing written, for bad units, an unknown type, an
 * event closed to purchases, a type whose sales ended, an option still on sale, someone already
 * in this type's line, or past the event's `Máximo por pessoa`.
 */
export async function joinWaitingList(
  ctx: MutationCtx,
  userId: Id<"users">,
  eventId: Id<"events"> | null,
  { typeId, units, meia }: JoinRequest,
  now: number,
): Promise<Id<"waitingListEntries">> {
  if (!Number.isSafeInteger(units) || units < 1 || units > MAX_UNITS_PER_PURCHASE)
    throw appError("INVALID_PURCHASE", TICKET_MESSAGES.invalidUnits);
  const gate = eventId === null ? null : await gateOf(ctx, eventId);
  if (eventId === null || gate === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  const type = typeId === null ? null : await ctx.db.get("ticketTypes", typeId);
  if (type === null || type.eventId !== eventId) throw appError("INVALID_PURCHASE", TICKET_MESSAGES.typeNotFound);
  const closed = gateClosedReason(gate, now);
  if (closed !== null && closed !== "concluded")
    throw appError(closed === "cancelled" ? "EVENT_CANCELLED" : "EVENT_STARTED", supportClosedMessage(closed));
  const lastEnd = type.lotes.at(-1)?.endsAt;
  if (lastEnd !== undefined && now >= lastEnd) throw appError("WAITING_LIST_REFUSED", TICKET_MESSAGES.salesEnded);
  if (meia && type.meiaQuantity === 0) throw appError("WAITING_LIST_REFUSED", WAITING_LIST_MESSAGES.noMeia);
  if (!meia && type.quantity === type.meiaQuantity) throw appError("WAITING_LIST_REFUSED", WAITING_LIST_MESSAGES.noInteira);
  if (!optionSoldOut(type, meia)) throw appError("WAITING_LIST_REFUSED", WAITING_LIST_MESSAGES.onSale);
  const mine = await entriesOf(ctx, userId, eventId);
  if (mine.some((entry) => entry.typeId === type._id && (entry.status === "waiting" || entry.status === "held")))
    throw appError("WAITING_LIST_REFUSED", WAITING_LIST_MESSAGES.alreadyWaiting);
  await checkPerPersonLimit(ctx, type, userId, units);
  return ctx.db.insert("waitingListEntries", { eventId, typeId: type._id, userId, meia, units, status: "waiting" });
}

/** The person's rows for the event (a handful: one per type at a time, plus their history). */
function entriesOf(ctx: QueryCtx, userId: Id<"users">, eventId: Id<"events">) {
  return ctx.db
    .query("waitingListEntries")
    .withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId).eq("eventId", eventId))
    .take(100);
}

/** Leaves the line; a hold given up goes to the next in line at once. */
export async function leaveWaitingList(ctx: MutationCtx, userId: Id<"users">, entryId: Id<"waitingListEntries"> | null, now: number) {
  const entry = entryId === null ? null : await ctx.db.get("waitingListEntries", entryId);
  if (entry === null || entry.userId !== userId || (entry.status !== "waiting" && entry.status !== "held"))
    throw appError("WAITING_LIST_REFUSED", WAITING_LIST_MESSAGES.entryNotFound);
  await ctx.db.patch("waitingListEntries", entry._id, { status: "left" });
  if (entry.status === "held") await giveBackHold(ctx, entry, now);
}

/** The scheduled end of a hold: if still unbought, its units go to the next in line (or back on sale). */
export async function expireHold(ctx: MutationCtx, entryId: Id<"waitingListEntries">, now: number) {
  const entry = await ctx.db.get("waitingListEntries", entryId);
  if (entry === null || entry.status !== "held" || now < (entry.holdUntil ?? 0)) return;
  await ctx.db.patch("waitingListEntries", entry._id, { status: "expired" });
  await giveBackHold(ctx, entry, now);
}

function giveBackHold(ctx: MutationCtx, entry: Doc<"waitingListEntries">, now: number) {
  const back = { units: entry.heldUnits ?? 0, loteIndex: entry.heldLoteIndex ?? 0, meia: entry.meia };
  return giveBackUnits(ctx, entry.typeId, back, now);
}

/**
 * Checks that `entryId` is the buyer's live hold and matches what they are buying (units,
 * option, lote); returns it. A purchase from a hold then marks it bought in the same transaction.
 */
export async function heldForBuyer(
  ctx: QueryCtx,
  userId: Id<"users">,
  entryId: Id<"waitingListEntries"> | null,
  request: { typeId: Id<"ticketTypes">; units: number; meia: boolean; loteIndex: number },
  now: number,
): Promise<Doc<"waitingListEntries">> {
  const entry = entryId === null ? null : await ctx.db.get("waitingListEntries", entryId);
  if (entry === null) throw appError("HOLD_GONE", WAITING_LIST_MESSAGES.holdGone);
  if (entry.userId !== userId) throw appError("HOLD_NOT_YOURS", WAITING_LIST_MESSAGES.notYours);
  if (entry.status !== "held" || now >= (entry.holdUntil ?? 0)) throw appError("HOLD_GONE", WAITING_LIST_MESSAGES.holdGone);
  const matches =
    entry.typeId === request.typeId &&
    entry.heldUnits === request.units &&
    entry.meia === request.meia &&
    entry.heldLoteIndex === request.loteIndex;
  if (!matches) throw appError("INVALID_PURCHASE", WAITING_LIST_MESSAGES.holdMismatch);
  return entry;
}

/** One of the person's places in line or holds, as the event page shows it. */
export type WaitingView = {
  entryId: Id<"waitingListEntries">;
  typeId: Id<"ticketTypes">;
  meia: boolean;
  units: number;
} & (
  | { status: "waiting"; position: number }
  | { status: "held"; heldUnits: number; loteIndex: number; unitPriceCents: number; holdUntil: number }
);

/** The person's place in each line of the event and their holds, live; [] once purchases closed. */
export async function waitingOf(ctx: QueryCtx, userId: Id<"users">, eventId: Id<"events">, now: number): Promise<WaitingView[]> {
  const gate = await gateOf(ctx, eventId);
  const closed = gate === null ? "cancelled" : gateClosedReason(gate, now);
  if (closed !== null && closed !== "concluded") return [];
  const views: WaitingView[] = [];
  for (const entry of await entriesOf(ctx, userId, eventId)) {
    const base = { entryId: entry._id, typeId: entry.typeId, meia: entry.meia, units: entry.units };
    if (entry.status === "waiting") {
      const ahead = await ctx.db
        .query("waitingListEntries")
        .withIndex("by_typeId_and_meia_and_status", (q) =>
          q.eq("typeId", entry.typeId).eq("meia", entry.meia).eq("status", "waiting").lt("_creationTime", entry._creationTime),
        )
        .take(POSITION_COUNT_LIMIT);
      views.push({ ...base, status: "waiting", position: ahead.length + 1 });
    } else if (entry.status === "held") {
      const type = await ctx.db.get("ticketTypes", entry.typeId);
      const lote = type?.lotes[entry.heldLoteIndex ?? 0];
      if (lote === undefined) continue;
      views.push({
        ...base,
        status: "held",
        heldUnits: entry.heldUnits ?? 0,
        loteIndex: entry.heldLoteIndex ?? 0,
        unitPriceCents: unitPriceCents(lote, entry.meia),
        holdUntil: entry.holdUntil ?? 0,
      });
    }
  }
  return views;
}
