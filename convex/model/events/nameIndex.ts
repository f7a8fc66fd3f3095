/**
 * The name search's rows: one `eventNameGrams` row per 3-character piece of an event's folded
 * name (with its date, category, city and finished flag, so a search filters without reading
 * the event) and one `eventNameGramCounts` counter per piece. Only the event writer
 * (./writer.ts) calls these, so the rows follow every change of the event they copy.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { gramsOf } from "../../model/shared/text";

export type IndexedName = Pick<Doc<"events">, "_id" | "nameLower" | "startsAt" | "category" | "cityKey" | "finished">;

/**
 * Counts one more event whose name holds `gram`. The app reads and writes the piece's counter
 * row; the benchmark's fill counts in memory and writes the counters once (an index read per
 * piece makes 50,000 events take hours on convex-test, which scans on every index read).
 */
export type GramCounter = (ctx: MutationCtx, gram: string) => Promise<void>;

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

/** A search row from before the rows carried the city and the finished flag gets its event's. */
export async function backfillNameRow(ctx: MutationCtx, row: Doc<"eventNameGrams">): Promise<void> {
  const event = await ctx.db.get("events", row.eventId);
  if (event === null || (event.cityKey === row.cityKey && event.finished === row.finished)) return;
  await ctx.db.patch("eventNameGrams", row._id, { cityKey: event.cityKey, finished: event.finished });
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

export async function indexEventName(ctx: MutationCtx, event: IndexedName, countGram: GramCounter = countGramInDatabase): Promise<void> {
  for (const gram of gramsOf(event.nameLower)) {
    await ctx.db.insert("eventNameGrams", nameRow(event, gram));
    await countGram(ctx, gram);
  }
}

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
