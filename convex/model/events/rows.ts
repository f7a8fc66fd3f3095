import type { Doc, Id } from "../../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import { imageUrlOf } from "./images";
import type { ValidEventDetails } from "../../model/shared/eventDetails";
import { shareUrlOf } from "../../model/shared/eventPreview";
import type { ValidEventInput } from "../../model/shared/eventInput";
import { goalReached, percentRaised, progressValue, statusOf } from "../../model/shared/eventRules";
import { SETTLEMENT_LABELS, supportClosedReason } from "../../model/shared/lifecycle";
import { fundingModeOf, type FundingMode } from "../../model/shared/fundingMode";
import { foldText, gramsOf } from "../../model/shared/text";
import { openGate } from "../supports/gates";

/** Stores a validated event with zero raised, and indexes its name for search. */
export async function insertEvent(
  ctx: MutationCtx,
  creatorId: Id<"users">,
  input: ValidEventInput,
  {
    imageStorageId,
    details,
    fundingMode,
    countGram = countGramInDatabase,
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
    uniqueSupporters: 0,
  });
  const indexed = { _id: eventId, nameLower, startsAt: input.startsAt, category: input.category, cityKey: details?.cityKey };
  await indexEventName(ctx, indexed, countGram);
  await openGate(ctx, (await ctx.db.get("events", eventId))!);
  return eventId;
}

type IndexedName = Pick<Doc<"events">, "_id" | "nameLower" | "startsAt" | "category" | "cityKey" | "finished">;

/** After an edit of the name, date, category or city: the search rows follow the event. */
export async function reindexEventName(ctx: MutationCtx, before: IndexedName, after: IndexedName): Promise<void> {
  if (
    before.nameLower === after.nameLower &&
    before.startsAt === after.startsAt &&
    before.category === after.category &&
    before.cityKey === after.cityKey
  ) {
    return;
  }
  await unindexEventName(ctx, before);
  await indexEventName(ctx, after);
}

/** Once the event is over its search rows move with it, from the upcoming list's to the finished one's. */
export async function markNameRowsFinished(ctx: MutationCtx, event: IndexedName): Promise<void> {
  for (const gram of gramsOf(event.nameLower)) {
    const row = await nameRowOf(ctx, event, gram);
    if (row !== null && row.finished !== true) await ctx.db.patch("eventNameGrams", row._id, { finished: true });
  }
}

/** The event's row for one piece: among the rows of that piece at that instant, almost always just its own. */
async function nameRowOf(ctx: MutationCtx, event: IndexedName, gram: string): Promise<Doc<"eventNameGrams"> | null> {
  // Before the backfill of the `finished` flag, an over event's rows may still sit with the upcoming ones.
  const where: (true | undefined)[] = event.finished === true ? [true, undefined] : [undefined, true];
  for (const finished of where) {
    const rows = ctx.db
      .query("eventNameGrams")
      .withIndex("by_gram_and_finished_and_startsAt", (q) => q.eq("gram", gram).eq("finished", finished).eq("startsAt", event.startsAt));
    for await (const row of rows) if (row.eventId === event._id) return row;
  }
  return null;
}

async function unindexEventName(ctx: MutationCtx, event: IndexedName): Promise<void> {
  for (const gram of gramsOf(event.nameLower)) {
    const row = await nameRowOf(ctx, event, gram);
    if (row !== null) await ctx.db.delete("eventNameGrams", row._id);
    const counter = await ctx.db
      .query("eventNameGramCounts")
      .withIndex("by_gram", (q) => q.eq("gram", gram))
      .unique();
    if (counter !== null) await ctx.db.patch("eventNameGramCounts", counter._id, { count: Math.max(0, counter.count - 1) });
  }
}

async function indexEventName(ctx: MutationCtx, event: IndexedName, countGram: GramCounter = countGramInDatabase): Promise<void> {
  for (const gram of gramsOf(event.nameLower)) {
    await ctx.db.insert("eventNameGrams", nameRow(event, gram));
    await countGram(ctx, gram);
  }
}

/**
 * Counts one more event whose name holds `gram`. The app reads and writes the piece's counter
 * row; the benchmark's fill counts in memory and writes the counters once (an index read per
 * piece makes 50,000 events take hours on convex-test, which scans on every index read).
 */
export type GramCounter = (ctx: MutationCtx, gram: string) => Promise<void>;

async function countGramInDatabase(ctx: MutationCtx, gram: string): Promise<void> {
  const counter = await ctx.db
    .query("eventNameGramCounts")
    .withIndex("by_gram", (q) => q.eq("gram", gram))
    .unique();
  if (counter === null) await ctx.db.insert("eventNameGramCounts", { gram, count: 1 });
  else await ctx.db.patch("eventNameGramCounts", counter._id, { count: counter.count + 1 });
}

/** The search row of one piece of the event's name: what a name search filters on without reading the event. */
export function nameRow(event: IndexedName, gram: string) {
  return {
    gram,
    eventId: event._id,
    startsAt: event.startsAt,
    category: event.category,
    nameLower: event.nameLower,
    ...(event.finished === undefined ? {} : { finished: event.finished }),
    ...(event.cityKey === undefined ? {} : { cityKey: event.cityKey }),
  };
}

/** What a card on the home page needs. */
export async function toEventSummary(ctx: QueryCtx, event: Doc<"events">) {
  return {
    _id: event._id,
    name: event.name,
    category: event.category,
    startsAt: event.startsAt,
    /** Absent on events from before places existed. */
    city: event.city ?? null,
    uf: event.uf ?? null,
    /** `Evento online`: no place; cards and the page say `Online`. */
    isOnline: event.isOnline === true,
    imageUrl: await imageUrlOf(ctx, event),
    isTicketed: event.isTicketed,
    /** `Modalidade`: `Tudo ou nada` or `Flexível` (cards and the page say which). */
    fundingMode: fundingModeOf(event),
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
    description: event.description ?? null,
    venueName: event.venueName ?? null,
    minSupportCents: event.minSupportCents,
    goalPercentage: event.goalPercentage,
    creatorId: event.creatorId,
    ticketsGenerated: event.ticketsGenerated,
    uniqueSupporters: event.uniqueSupporters,
    /** Sold through ticket types (the `Ingressos` block) rather than one ticket per support. */
    hasTicketTypes: event.hasTicketTypes === true,
    /** The link to share: its page carries the link preview and sends browsers to the app. */
    shareUrl: shareUrlOf(env.CONVEX_SITE_URL ?? "", event._id),
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
