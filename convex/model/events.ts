import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { imageUrlOf } from "./eventImages";
import type { ValidEventInput } from "./shared/eventInput";
import { goalReached, percentRaised, progressValue, statusOf } from "./shared/eventRules";
import { SETTLEMENT_LABELS, supportClosedReason } from "./shared/lifecycle";
import { foldText, gramsOf } from "./shared/text";

/** Stores a validated event with zero raised, and indexes its name for search. */
export async function insertEvent(
  ctx: MutationCtx,
  creatorId: Id<"users">,
  input: ValidEventInput,
  imageStorageId?: Id<"_storage">,
): Promise<Id<"events">> {
  const nameLower = foldText(input.name);
  const eventId = await ctx.db.insert("events", {
    ...input,
    ...(imageStorageId === undefined ? {} : { imageStorageId }),
    nameLower,
    creatorId,
    raisedCents: 0,
    ticketsGenerated: 0,
    uniqueSupporters: 0,
  });
  await indexEventName(ctx, { _id: eventId, nameLower, startsAt: input.startsAt, category: input.category });
  return eventId;
}

async function indexEventName(
  ctx: MutationCtx,
  event: Pick<Doc<"events">, "_id" | "nameLower" | "startsAt" | "category">,
): Promise<void> {
  for (const gram of gramsOf(event.nameLower)) {
    await ctx.db.insert("eventNameGrams", {
      gram,
      eventId: event._id,
      startsAt: event.startsAt,
      category: event.category,
      nameLower: event.nameLower,
    });
    const counter = await ctx.db
      .query("eventNameGramCounts")
      .withIndex("by_gram", (q) => q.eq("gram", gram))
      .unique();
    if (counter === null) await ctx.db.insert("eventNameGramCounts", { gram, count: 1 });
    else await ctx.db.patch("eventNameGramCounts", counter._id, { count: counter.count + 1 });
  }
}

/** What a card on the home page needs. */
export async function toEventSummary(ctx: QueryCtx, event: Doc<"events">) {
  return {
    _id: event._id,
    name: event.name,
    category: event.category,
    startsAt: event.startsAt,
    imageUrl: await imageUrlOf(ctx, event),
    isTicketed: event.isTicketed,
    goalCents: event.goalCents,
    raisedCents: event.raisedCents,
    percent: percentRaised(event),
    progress: progressValue(event),
    /** Raised reached the goal itself ("META ATINGIDA"), whatever the goal percentage. */
    goalReached: goalReached(event),
    status: statusOf(event),
    settlement: event.settlement ?? null,
    /** "Repassado ao organizador" etc. once settled, else null. */
    settlementLabel: event.settlement === undefined ? null : SETTLEMENT_LABELS[event.settlement],
  };
}
export type EventSummary = Awaited<ReturnType<typeof toEventSummary>>;

/** The event page: everything, plus the derived progress and whether supporting is open. */
export async function toEventDetail(ctx: QueryCtx, event: Doc<"events">) {
  return {
    ...(await toEventSummary(ctx, event)),
    minSupportCents: event.minSupportCents,
    goalPercentage: event.goalPercentage,
    creatorId: event.creatorId,
    ticketsGenerated: event.ticketsGenerated,
    uniqueSupporters: event.uniqueSupporters,
    supportClosedReason: supportClosedReason(event, null),
    supportingOpen: supportClosedReason(event, null) === null,
  };
}

/** A row of "Meus Eventos": the summary plus surplus (positive) or shortfall (negative). */
export async function toOwnEvent(ctx: QueryCtx, event: Doc<"events">) {
  return {
    ...(await toEventDetail(ctx, event)),
    balanceCents: event.raisedCents - event.goalCents,
  };
}
