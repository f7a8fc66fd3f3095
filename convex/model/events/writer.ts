/**
 * The one place that writes an `events` row (a lint rule refuses `db.insert/patch/replace/delete`
 * of "events" anywhere else). What derives from the row is kept in step here, in the same
 * transaction: `nameLower` from `name`, the name search's rows (./nameIndex.ts) from the name,
 * date, category, city and `finished`, and counters never below zero.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import type { ValidEventDetails } from "../../model/shared/eventDetails";
import type { ValidEventInput } from "../../model/shared/eventInput";
import type { FundingMode } from "../../model/shared/fundingMode";
import { foldText } from "../../model/shared/text";
import { openGate } from "../supports/gates";
import { indexEventName, markNameRowsFinished, reindexEventName, type GramCounter } from "./nameIndex";

export type { GramCounter } from "./nameIndex";

/** What a write may change: any stored field but the derived `nameLower` (it follows `name`). */
export type EventChange = Partial<Omit<Doc<"events">, "_id" | "_creationTime" | "nameLower">>;

/**
 * The counters moved by a step, by how much. `ticketsUsed` is the tickets in now (a check-in,
 * its undo, a used ticket cancelled). `ticketsGenerated` is every ticket ever issued, cancelled
 * ones included (a transfer's replacement is not counted again): it only grows, so an event
 * once sold stays "supported" (hasSupports) even when every purchase was cancelled.
 * `ticketsCancelled` is the seats given back: tickets cancelled that stood for their seat (not a
 * transferred one whose replacement holds it), so `ticketsGenerated − ticketsCancelled` tickets
 * can come in at the door.
 */
export type EventCounts = Partial<Record<"ticketsUsed" | "ticketsGenerated" | "ticketsCancelled", number>>;

/** Stores a validated event with zero raised, and indexes its name for search. */
export async function insertEvent(
  ctx: MutationCtx,
  creatorId: Id<"users">,
  input: ValidEventInput,
  {
    imageStorageId,
    details,
    fundingMode,
    countGram,
  }: { imageStorageId?: Id<"_storage">; details?: ValidEventDetails; fundingMode?: FundingMode; countGram?: GramCounter } = {},
): Promise<Id<"events">> {
  const nameLower = foldText(input.name);
  const eventId = await ctx.db.insert("events", {
    ...input,
    ...details,
    ...(imageStorageId === undefined ? {} : { imageStorageId }),
    ...(fundingMode === "flexible" ? { fundingMode } : {}),
    nameLower,
    creatorId,
    raisedCents: 0,
    ticketsGenerated: 0,
    ticketsCancelled: 0,
    uniqueSupporters: 0,
  });
  const indexed = { _id: eventId, nameLower, startsAt: input.startsAt, category: input.category, cityKey: details?.cityKey };
  await indexEventName(ctx, indexed, countGram);
  await openGate(ctx, (await ctx.db.get("events", eventId))!);
  return eventId;
}

/**
 * Writes `change` to the event as it is now in this transaction and returns the row after it.
 * A new name, date, category or city moves the search rows; `finished` moves them to the
 * finished list.
 */
export async function writeEvent(ctx: MutationCtx, eventId: Id<"events">, change: EventChange): Promise<Doc<"events">> {
  const before = await ctx.db.get("events", eventId);
  if (before === null) throw new Error(`writeEvent: no event ${eventId}`);
  const derived = change.name === undefined ? {} : { nameLower: foldText(change.name) };
  await ctx.db.patch("events", eventId, { ...change, ...derived });
  const after = { ...before, ...change, ...derived };
  await reindexEventName(ctx, before, after);
  // Looked for where they are now: with the upcoming events' rows.
  if (after.finished === true && before.finished !== true) await markNameRowsFinished(ctx, { ...after, finished: before.finished });
  return after;
}

/** Adds to the event's counters (negative to take away), read as they are now; none goes below zero. */
export async function countOnEvent(ctx: MutationCtx, eventId: Id<"events">, counts: EventCounts): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null) throw new Error(`countOnEvent: no event ${eventId}`);
  if ((counts.ticketsGenerated ?? 0) < 0) throw new Error("countOnEvent: ticketsGenerated counts tickets ever issued; it never goes down");
  const change: EventChange = {};
  if (counts.ticketsUsed !== undefined) change.ticketsUsed = Math.max(0, (event.ticketsUsed ?? 0) + counts.ticketsUsed);
  if (counts.ticketsGenerated !== undefined) change.ticketsGenerated = Math.max(0, event.ticketsGenerated + counts.ticketsGenerated);
  if ((counts.ticketsCancelled ?? 0) < 0) throw new Error("countOnEvent: a cancelled ticket stays cancelled");
  // Absent until the migration counts the event's cancelled tickets in one transaction: it counts
  // this one then, so counting it here too would count it twice.
  if (counts.ticketsCancelled !== undefined && event.ticketsCancelled !== undefined)
    change.ticketsCancelled = event.ticketsCancelled + counts.ticketsCancelled;
  await writeEvent(ctx, eventId, change);
}
