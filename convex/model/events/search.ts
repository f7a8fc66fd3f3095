import { v, type ObjectType } from "convex/values";
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { MAX_KEYWORD_LENGTH, rawLengthLimit } from "../../model/shared/limits";
import { matchCategory, type Category } from "../../model/shared/categories";
import { cleanText } from "../../model/shared/cleanText";
import { cityKeyOf } from "../../model/shared/eventDetails";
import { toEventSummary, type EventSummary } from "./views";
import { MAX_EVENT_NAME_LENGTH } from "../../model/shared/limits";
import { invalidPage, paginateOrRefuse } from "../core/pagination";
import { foldText, GRAM_LENGTH, gramsOf } from "../../model/shared/text";

/** The filters `events:list` takes; the app's filter types are read off these validators. */
export const eventFilterFields = {
  name: v.optional(v.string()),
  category: v.optional(v.string()),
  city: v.optional(v.string()),
  from: v.optional(v.number()),
  to: v.optional(v.number()),
  /** "Mostrar encerrados": the events that are over, newest first, instead of the upcoming ones. */
  finished: v.optional(v.boolean()),
};
export type EventFilters = ObjectType<typeof eventFilterFields>;

/** Which events a list walks: upcoming ones soonest first, or finished ones newest first. */
type Scope = { finished: true | undefined; cityKey: string | null };

type Range = { from: number; to: number } | null;

/**
 * One page of events, filtered on the server: the upcoming ones (not settled nor cancelled)
 * soonest first, or with `finished` the ones that are over, newest first.
 *
 * - No name: walks the `by_finished_and_…` index that fits the category and city filters, with
 *   the date range as an index range, so a page reads about one document per event shown.
 * - A name of 3+ characters: walks `eventNameGrams` for the query's rarest 3-character piece
 *   (fewest events, per `eventNameGramCounts`) and keeps rows whose name really contains the
 *   query. Reads grow with the events holding that piece, not with all events. The chosen
 *   piece is carried in the cursor so every later page walks the same index range. The rows
 *   carry the event's `finished` flag, city key and category, so the walk stays within the list
 *   shown and, with the `Cidade` and category filters, within them: a page reads about one row
 *   per event shown. Each match is still checked on its event (rows of events that just ended
 *   may lag a moment).
 * - A 1–2 character name: short queries match most names, so we walk the date index and
 *   keep matches; pages may come back with fewer than `numItems` items.
 */
export async function listEvents(
  ctx: QueryCtx,
  filters: EventFilters,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<EventSummary>> {
  const category = (filters.category?.length ?? 0) > MAX_KEYWORD_LENGTH ? null : matchCategory(filters.category);
  const range = dateRange(filters);
  const name = searchText(filters.name ?? "");
  if (category === null || range === undefined) return emptyPage();
  const cityKey = cityKeyOf(filters.city ?? "");
  const scope: Scope = { finished: filters.finished === true ? true : undefined, cityKey: cityKey === "" ? null : cityKey };

  if (name.length >= GRAM_LENGTH) return searchByName(ctx, name, category, range, scope, paginationOpts);

  const page = await paginateOrRefuse(eventsByDate(ctx, category, range, scope), paginationOpts);
  const events = name === "" ? page.page : page.page.filter((e) => e.nameLower.includes(name));
  return { ...page, page: await Promise.all(events.map((event) => toEventSummary(ctx, event))) };
}

/**
 * The name filter as searched: cut before any work (a filter longer than any name can only
 * match by its start), cleaned of hidden characters like stored names, folded.
 */
function searchText(raw: string): string {
  const bounded = raw.slice(0, rawLengthLimit(MAX_EVENT_NAME_LENGTH));
  return foldText(cleanText(bounded)).slice(0, MAX_EVENT_NAME_LENGTH);
}

/** Both ends or none; undefined when the range is empty (from after to). */
function dateRange({ from, to }: EventFilters): Range | undefined {
  if (from === undefined || to === undefined) return null;
  return from <= to ? { from, to } : undefined;
}

function eventsByDate(ctx: QueryCtx, category: Category | "all", range: Range, { finished, cityKey }: Scope) {
  const order = finished ? "desc" : "asc";
  const events = ctx.db.query("events");
  // startsAt is every index's last field: the date range is the index range's end.
  if (cityKey !== null && category !== "all") {
    return events
      .withIndex("by_finished_and_cityKey_and_category_and_startsAt", (q) => {
        const scoped = q.eq("finished", finished).eq("cityKey", cityKey).eq("category", category);
        return range ? scoped.gte("startsAt", range.from).lte("startsAt", range.to) : scoped;
      })
      .order(order);
  }
  if (cityKey !== null) {
    return events
      .withIndex("by_finished_and_cityKey_and_startsAt", (q) => {
        const scoped = q.eq("finished", finished).eq("cityKey", cityKey);
        return range ? scoped.gte("startsAt", range.from).lte("startsAt", range.to) : scoped;
      })
      .order(order);
  }
  if (category !== "all") {
    return events
      .withIndex("by_finished_and_category_and_startsAt", (q) => {
        const scoped = q.eq("finished", finished).eq("category", category);
        return range ? scoped.gte("startsAt", range.from).lte("startsAt", range.to) : scoped;
      })
      .order(order);
  }
  return events
    .withIndex("by_finished_and_startsAt", (q) => {
      const scoped = q.eq("finished", finished);
      return range ? scoped.gte("startsAt", range.from).lte("startsAt", range.to) : scoped;
    })
    .order(order);
}

async function searchByName(
  ctx: QueryCtx,
  name: string,
  category: Category | "all",
  range: Range,
  scope: Scope,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<EventSummary>> {
  // The piece comes from the cursor when there is one. usePaginatedQuery re-asks for the first
  // page with cursor null and an endCursor when it splits a page: that one carries it too.
  const carried = unwrapCursor(paginationOpts.cursor) ?? unwrapCursor(paginationOpts.endCursor ?? null);
  // A cursor we did not issue would silently restart the search from the first page.
  if (paginationOpts.cursor !== null && unwrapCursor(paginationOpts.cursor) === null) throw invalidPage();
  const gram = carried?.gram ?? (await rarestGram(ctx, gramsOf(name)));
  if (gram === null) return emptyPage();

  const opts: PaginationOptions = {
    ...paginationOpts,
    cursor: unwrapCursor(paginationOpts.cursor)?.cursor ?? null,
    ...(paginationOpts.endCursor ? { endCursor: unwrapCursor(paginationOpts.endCursor)?.cursor ?? null } : {}),
  };
  const page = await paginateOrRefuse(nameRows(ctx, gram, category, range, scope), opts);

  const matches = page.page.filter((row) => row.nameLower.includes(name));
  const events: Doc<"events">[] = [];
  for (const row of matches) {
    const event = await ctx.db.get("events", row.eventId);
    if (event !== null && inScope(event, scope)) events.push(event);
  }
  return {
    ...page,
    page: await Promise.all(events.map((event) => toEventSummary(ctx, event))),
    continueCursor: wrapCursor(gram, page.continueCursor),
    ...(page.splitCursor ? { splitCursor: wrapCursor(gram, page.splitCursor) } : {}),
  };
}

/**
 * The rows of one piece in the list shown (upcoming or finished), within the city and the
 * category when those filters are set: each combination has its index, so no row is skipped.
 */
function nameRows(ctx: QueryCtx, gram: string, category: Category | "all", range: Range, { finished, cityKey }: Scope) {
  const rows = ctx.db.query("eventNameGrams");
  const order = finished ? "desc" : "asc";
  // startsAt is every index's last field: the date range is the index range's end.
  if (cityKey !== null && category !== "all") {
    return rows
      .withIndex("by_gram_and_finished_and_cityKey_and_category_and_startsAt", (q) => {
        const scoped = q.eq("gram", gram).eq("finished", finished).eq("cityKey", cityKey).eq("category", category);
        return range ? scoped.gte("startsAt", range.from).lte("startsAt", range.to) : scoped;
      })
      .order(order);
  }
  if (cityKey !== null) {
    return rows
      .withIndex("by_gram_and_finished_and_cityKey_and_startsAt", (q) => {
        const scoped = q.eq("gram", gram).eq("finished", finished).eq("cityKey", cityKey);
        return range ? scoped.gte("startsAt", range.from).lte("startsAt", range.to) : scoped;
      })
      .order(order);
  }
  if (category !== "all") {
    return rows
      .withIndex("by_gram_and_finished_and_category_and_startsAt", (q) => {
        const scoped = q.eq("gram", gram).eq("finished", finished).eq("category", category);
        return range ? scoped.gte("startsAt", range.from).lte("startsAt", range.to) : scoped;
      })
      .order(order);
  }
  return rows
    .withIndex("by_gram_and_finished_and_startsAt", (q) => {
      const scoped = q.eq("gram", gram).eq("finished", finished);
      return range ? scoped.gte("startsAt", range.from).lte("startsAt", range.to) : scoped;
    })
    .order(order);
}

function inScope(event: Doc<"events">, { finished, cityKey }: Scope): boolean {
  return event.finished === finished && (cityKey === null || event.cityKey === cityKey);
}

/** The piece held by the fewest events; null when some piece is held by none (no match). */
async function rarestGram(ctx: QueryCtx, grams: string[]): Promise<string | null> {
  let best: { gram: string; count: number } | null = null;
  for (const gram of grams) {
    const counter = await ctx.db
      .query("eventNameGramCounts")
      .withIndex("by_gram", (q) => q.eq("gram", gram))
      .unique();
    if (counter === null || counter.count === 0) return null;
    if (best === null || counter.count < best.count) best = { gram, count: counter.count };
  }
  return best?.gram ?? null;
}

const CURSOR_PREFIX = "gram:";

function wrapCursor(gram: string, cursor: string): string {
  return `${CURSOR_PREFIX}${JSON.stringify([gram, cursor])}`;
}

function unwrapCursor(cursor: string | null): { gram: string; cursor: string } | null {
  if (cursor === null || !cursor.startsWith(CURSOR_PREFIX)) return null;
  try {
    const parsed: unknown = JSON.parse(cursor.slice(CURSOR_PREFIX.length));
    if (Array.isArray(parsed) && typeof parsed[0] === "string" && typeof parsed[1] === "string") {
      return { gram: parsed[0], cursor: parsed[1] };
    }
  } catch {
    // fall through: not a cursor we issued
  }
  return null;
}

function emptyPage<T>(): PaginationResult<T> {
  return { page: [], isDone: true, continueCursor: "" };
}
