import { beforeAll, describe, expect, test } from "vitest";
import type { FunctionArgs } from "convex/server";
import { api } from "../../_generated/api";
import { nameRow } from "../../model/events/nameIndex";
import { CATEGORIES } from "../../model/shared/categories";
import { cityKeyOf } from "../../model/shared/eventDetails";
import { foldText, gramsOf } from "../../model/shared/text";
import { DAY, HOUR, newBackend, type Backend } from "../test.helpers";

/**
 * What one page of the home list reads with the `Cidade` filter, alone and with the others,
 * in a catalogue where the city holds one event in eight. Each page must be full and right,
 * and read about what it shows: a number that does not grow with the catalogue.
 * (The bench measures the same at 50,000 events on the real indexes: scripts/bench.)
 */

const EVENTS = 2_400;
const CITIES = ["Olinda", "Recife", "Salvador", "Belém", "Curitiba", "Natal", "Manaus", "Niterói"];
const NUM_ITEMS = 10;
/** A page reads its events, the index entry after the last one, and (name search) a counter per piece. */
const MAX_PAGE_READS = 2 * NUM_ITEMS + 10;

type Spec = { name: string; city: string; category: (typeof CATEGORIES)[number]; startsAt: number; finished: boolean };

/** Event i: cities in turn, one in three a "Quadrilha", one in five over (newest first when shown). */
function spec(i: number, now: number): Spec {
  return {
    name: `${i % 3 === 0 ? "Quadrilha" : "Show"} ${i} em ${CITIES[i % CITIES.length]}`,
    city: CITIES[i % CITIES.length]!,
    // By eights, so each city's events take every category in turn.
    category: CATEGORIES[Math.floor(i / CITIES.length) % CATEGORIES.length]!,
    finished: i % 5 === 0,
    startsAt: i % 5 === 0 ? now - (i + 1) * HOUR : now + (i + 1) * HOUR,
  };
}

/**
 * Writes the events with their name-search rows as `insertEvent` stores them (`nameRow`),
 * without its per-piece counter reads: convex-test answers every index read by
 * scanning the whole database, which would make thousands of inserts take minutes.
 */
async function fill(t: Backend, specs: Spec[]) {
  const creatorId = await t.run((ctx) => ctx.db.insert("users", { name: "Criadora" }));
  const counts = new Map<string, number>();
  for (let start = 0; start < specs.length; start += 400) {
    await t.run(async (ctx) => {
      for (const s of specs.slice(start, start + 400)) {
        const nameLower = foldText(s.name);
        const cityKey = cityKeyOf(s.city);
        const event = {
          name: s.name,
          nameLower,
          category: s.category,
          startsAt: s.startsAt,
          goalCents: 10_000,
          raisedCents: 0,
          minSupportCents: 500,
          goalPercentage: 100,
          isTicketed: false,
          creatorId,
          ticketsGenerated: 0,
          uniqueSupporters: 0,
          venueName: "Centro Cultural",
          city: s.city,
          cityKey,
          uf: "PE" as const,
          ...(s.finished ? { finished: true as const, settlement: "refunded" as const } : {}),
        };
        const eventId = await ctx.db.insert("events", event);
        for (const gram of gramsOf(nameLower)) {
          await ctx.db.insert("eventNameGrams", nameRow({ _id: eventId, ...event }, gram));
          counts.set(gram, (counts.get(gram) ?? 0) + 1);
        }
      }
    });
  }
  await t.run(async (ctx) => {
    for (const [gram, count] of counts) await ctx.db.insert("eventNameGramCounts", { gram, count });
  });
}

type ListArgs = Omit<FunctionArgs<typeof api.events.list>, "paginationOpts">;

/** The first page and what it read, from convex-test's transaction metrics around the call. */
async function measuredPage(t: Backend, filters: ListArgs) {
  return t.mutation(async (ctx) => {
    const before = await ctx.meta.getTransactionMetrics();
    const result = await ctx.runQuery(api.events.list, { ...filters, paginationOpts: { numItems: NUM_ITEMS, cursor: null } });
    const after = await ctx.meta.getTransactionMetrics();
    return { result, documentsRead: after.documentsRead.used - before.documentsRead.used };
  });
}

describe(`the Cidade filter over ${EVENTS.toLocaleString("en")} events`, () => {
  const now = Date.now();
  const specs = Array.from({ length: EVENTS }, (_, i) => spec(i, now));
  const from = now + 200 * HOUR;
  const to = now + 120 * DAY;
  // One catalogue for every case: they only read it, and filling it is most of the time.
  let t: Backend;
  beforeAll(async () => {
    t = newBackend({ transactionLimits: true });
    await fill(t, specs);
  });

  test.each<[string, ListArgs, (s: Spec) => boolean]>([
    ["city", { city: "olinda" }, (s) => s.city === "Olinda" && !s.finished],
    [
      "city + category",
      { city: "OLINDA", category: CATEGORIES[0] },
      (s) => s.city === "Olinda" && s.category === CATEGORIES[0] && !s.finished,
    ],
    ["city + dates", { city: "Olinda", from, to }, (s) => s.city === "Olinda" && s.startsAt >= from && s.startsAt <= to && !s.finished],
    ["city + name", { city: "Olinda", name: "quadrilha" }, (s) => s.city === "Olinda" && s.name.startsWith("Quadrilha") && !s.finished],
    [
      "city + name + dates",
      { city: "Olinda", name: "quadrilha", from, to },
      (s) => s.city === "Olinda" && s.name.startsWith("Quadrilha") && s.startsAt >= from && s.startsAt <= to && !s.finished,
    ],
    ["city + Mostrar encerrados", { city: "Olinda", finished: true }, (s) => s.city === "Olinda" && s.finished],
    [
      "city + name + Mostrar encerrados",
      { city: "Olinda", name: "quadrilha", finished: true },
      (s) => s.city === "Olinda" && s.name.startsWith("Quadrilha") && s.finished,
    ],
    ["name alone (upcoming only)", { name: "quadrilha" }, (s) => s.name.startsWith("Quadrilha") && !s.finished],
    [
      "name + category",
      { name: "quadrilha", category: CATEGORIES[1] },
      (s) => s.name.startsWith("Quadrilha") && s.category === CATEGORIES[1] && !s.finished,
    ],
    [
      "city + name + category",
      { city: "Olinda", name: "quadrilha", category: CATEGORIES[1] },
      (s) => s.city === "Olinda" && s.name.startsWith("Quadrilha") && s.category === CATEGORIES[1] && !s.finished,
    ],
  ])(
    "%s: a full, right first page that reads about what it shows",
    async (label, filters, matches) => {
      const { result, documentsRead } = await measuredPage(t, filters);
      const expected = specs.filter(matches);
      const finishedFirst = filters.finished === true;
      const ordered = expected.sort((a, b) => (finishedFirst ? b.startsAt - a.startsAt : a.startsAt - b.startsAt));
      console.log(`events:list, ${EVENTS} events, ${label} (${expected.length} match): ${documentsRead} docs read`);
      expect(expected.length).toBeGreaterThanOrEqual(NUM_ITEMS);
      expect(result.page.map((e) => e.name)).toEqual(ordered.slice(0, NUM_ITEMS).map((s) => s.name));
      expect(documentsRead).toBeLessThanOrEqual(MAX_PAGE_READS);
    },
    120_000,
  );
});
