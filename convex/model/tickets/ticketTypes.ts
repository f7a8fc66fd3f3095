/**
 * An event's ticket types in the database: stored by `Criar Evento` and `Editar evento`, read by
 * the `Ingressos` block. The rules themselves are pure, in shared/ticketTypes.ts.
 *
 * Each type is two documents: its definition (ticketTypes: name, quantity, meia, lotes), which
 * buyers read, and its counts (ticketSales), which the event's queue writes (and cancellations and
 * the waiting list's holds, model/tickets/returns.ts); so a purchase being queued never contends
 * with the queue applying others.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";
import { TICKET_MESSAGES, validateTicketTypes, type Lote, type TicketTypeInput } from "../../model/shared/ticketTypes";
import { isValidPerPersonLimit, WAITING_LIST_MESSAGES } from "../../model/shared/waitingList";
import { giveBackUnits } from "./returns";
import { salesOf } from "./sales";
import { writeEvent } from "../events/writer";

/** More than any event has (MAX_TICKET_TYPES), small enough for one read. */
const TYPES_READ_LIMIT = 20;

export function typesOf(ctx: QueryCtx, eventId: Id<"events">): Promise<Doc<"ticketTypes">[]> {
  return ctx.db
    .query("ticketTypes")
    .withIndex("by_eventId_and_position", (q) => q.eq("eventId", eventId))
    .take(TYPES_READ_LIMIT);
}

/** The organizer's `Máximo por pessoa` (absent: no limit); throws the Portuguese refusal when it is not 1..100. */
export function checkPerPersonLimitInput(maxPerPerson: number | undefined): void {
  if (maxPerPerson !== undefined && !isValidPerPersonLimit(maxPerPerson))
    throw appError("INVALID_TICKET_TYPE", WAITING_LIST_MESSAGES.invalidLimit);
}

/** The types checked for a new event; throws the Portuguese refusal before anything is written. */
export function checkNewTicketTypes(
  types: TicketTypeInput[] | undefined,
  event: { isTicketed: boolean; startsAt: number; category: string },
  now: number,
  maxPerPerson?: number,
) {
  checkPerPersonLimitInput(maxPerPerson);
  if (types === undefined) return [];
  if (types.some((type) => type.id !== undefined)) throw appError("INVALID_TICKET_TYPE", TICKET_MESSAGES.typeNotFound);
  const checked = validateTicketTypes(types, event, now);
  if ("message" in checked) throw appError("INVALID_TICKET_TYPE", checked.message);
  return checked.types;
}

async function insertType(
  ctx: MutationCtx,
  eventId: Id<"events">,
  position: number,
  type: TicketTypeInput,
  maxPerPerson: number | undefined,
): Promise<void> {
  const typeId = await ctx.db.insert("ticketTypes", {
    eventId,
    position,
    name: type.name,
    quantity: type.quantity,
    meiaQuantity: type.meiaQuantity,
    lotes: type.lotes,
    ...(maxPerPerson === undefined ? {} : { maxPerPerson }),
  });
  await ctx.db.insert("ticketSales", { eventId, typeId, inteiraSold: 0, meiaSold: 0, loteSold: [], loteMeia: [], loteUsed: [] });
}

/** Stores a new event's checked types (each with the event's `Máximo por pessoa`) and marks the event as sold through them. */
export async function insertTicketTypes(
  ctx: MutationCtx,
  eventId: Id<"events">,
  types: TicketTypeInput[],
  maxPerPerson?: number,
): Promise<void> {
  if (types.length === 0) return;
  for (const [position, type] of types.entries()) await insertType(ctx, eventId, position, type, maxPerPerson);
  await writeEvent(ctx, eventId, { hasTicketTypes: true });
}

const sameLote = (a: Lote, b: Lote) => a.priceCents === b.priceCents && a.endsAt === b.endsAt && a.quantity === b.quantity;

/**
 * "Editar evento": replaces the event's types with `types` (an `id` names an existing one).
 * Types and lotes may be added, changed and removed while nobody bought them; a type someone
 * bought keeps its name and lotes as they were (new lotes may follow them) and cannot be
 * removed; its quantity may only grow, inteira and meia each keeping at least what they had, and
 * the units added go first to its waiting list (model/tickets/returns.ts). `maxPerPerson` is the
 * event's `Máximo por pessoa` (absent: none), kept on every type. An event that took supports before it had types cannot start selling
 * them (its supporters already hold the spec's one ticket per support), nor one that took plain
 * supports while it had types drop them all (later supporters would get tickets, earlier not).
 */
export async function replaceTicketTypes(
  ctx: MutationCtx,
  event: Doc<"events">,
  types: TicketTypeInput[],
  { now, hasSupports, maxPerPerson }: { now: number; hasSupports: boolean; maxPerPerson?: number },
): Promise<void> {
  checkPerPersonLimitInput(maxPerPerson);
  const existing = await typesOf(ctx, event._id);
  const byId = new Map(existing.map((type) => [type._id as string, type]));
  if (types.some((type) => type.id !== undefined && !byId.has(type.id)))
    throw appError("INVALID_TICKET_TYPE", TICKET_MESSAGES.typeNotFound);
  const keepEnds = new Set(existing.flatMap((type) => type.lotes.flatMap((lote) => (lote.endsAt === undefined ? [] : [lote.endsAt]))));
  const checked = validateTicketTypes(types, event, now, { keepEnds });
  if ("message" in checked) throw appError("INVALID_TICKET_TYPE", checked.message);
  // Types in or out after supports came in would leave some supporters with tickets and others without.
  if ((existing.length === 0) !== (checked.types.length === 0) && hasSupports)
    throw appError("EVENT_ALREADY_SUPPORTED", MESSAGES.editAfterSupport);

  const kept = new Set(checked.types.flatMap((type) => (type.id === undefined ? [] : [type.id])));
  for (const type of existing) {
    if (type.purchased === true && !kept.has(type._id)) throw appError("TICKET_TYPE_FROZEN", TICKET_MESSAGES.typeFrozen);
  }
  for (const type of checked.types) {
    const before = type.id === undefined ? undefined : byId.get(type.id);
    if (before?.purchased !== true) continue;
    const frozen =
      type.name !== before.name ||
      type.quantity < before.quantity ||
      type.meiaQuantity < before.meiaQuantity ||
      type.quantity - type.meiaQuantity < before.quantity - before.meiaQuantity ||
      type.lotes.length < before.lotes.length ||
      before.lotes.some((lote, index) => !sameLote(lote, type.lotes[index]!));
    if (frozen) throw appError("TICKET_TYPE_FROZEN", TICKET_MESSAGES.typeFrozen);
  }

  for (const type of existing) {
    if (kept.has(type._id)) continue;
    const sales = await salesOf(ctx, type._id);
    if (sales !== null) await ctx.db.delete("ticketSales", sales._id);
    await ctx.db.delete("ticketTypes", type._id);
  }
  for (const [position, type] of checked.types.entries()) {
    const before = type.id === undefined ? undefined : byId.get(type.id);
    if (before === undefined) {
      await insertType(ctx, event._id, position, type, maxPerPerson);
      continue;
    }
    await ctx.db.patch("ticketTypes", before._id, {
      position,
      name: type.name,
      quantity: type.quantity,
      meiaQuantity: type.meiaQuantity,
      lotes: type.lotes,
      maxPerPerson,
      // A new lote may reopen inteira that ended with the last one; the queue flags it again if not.
      ...(type.lotes.length > before.lotes.length ? { inteiraSoldOut: undefined } : {}),
    });
    // Units added (or a lote reopening inteira) go to the waiting list first, then on sale.
    const grew = type.quantity > before.quantity || type.lotes.length > before.lotes.length;
    if (before.purchased === true && grew) await giveBackUnits(ctx, before._id, null, now);
  }
  const hasTypes = checked.types.length > 0;
  if (hasTypes !== (event.hasTicketTypes === true)) await writeEvent(ctx, event._id, { hasTicketTypes: hasTypes ? true : undefined });
}

/** The `Ingressos` block: each type with its lotes and counts; the browser works out the current lote with its clock. */
export async function ticketBlockOf(ctx: QueryCtx, eventId: Id<"events">) {
  const types = await typesOf(ctx, eventId);
  return Promise.all(
    types.map(async (type) => {
      const sales = await salesOf(ctx, type._id);
      return {
        _id: type._id,
        name: type.name,
        quantity: type.quantity,
        meiaQuantity: type.meiaQuantity,
        lotes: type.lotes,
        purchased: type.purchased === true,
        maxPerPerson: type.maxPerPerson ?? null,
        sales: { inteiraSold: sales?.inteiraSold ?? 0, meiaSold: sales?.meiaSold ?? 0, loteSold: sales?.loteSold ?? [] },
      };
    }),
  );
}

/**
 * Counts a ticket checked in (+1) or its `Desfazer check-in` (-1, model/door/sessions.ts) for the attendee
 * list's "presentes": in its lote, or, for a `Cortesia` (no lote), among its type's cortesias.
 */
export async function countCheckIn(ctx: MutationCtx, ticket: Doc<"tickets">, delta: 1 | -1 = 1): Promise<void> {
  if (ticket.typeId === undefined) return;
  const sales = await salesOf(ctx, ticket.typeId);
  if (sales === null) return;
  if (ticket.courtesy === true) {
    await ctx.db.patch("ticketSales", sales._id, { courtesiesUsed: Math.max(0, (sales.courtesiesUsed ?? 0) + delta) });
    return;
  }
  const loteIndex = ticket.loteIndex ?? 0;
  const loteUsed = [...sales.loteUsed];
  while (loteUsed.length <= loteIndex) loteUsed.push(0);
  loteUsed[loteIndex] = Math.max(0, loteUsed[loteIndex]! + delta);
  await ctx.db.patch("ticketSales", sales._id, { loteUsed });
}
