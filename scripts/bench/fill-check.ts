import { isDeepStrictEqual } from "node:util";
import type { Id } from "../../convex/_generated/dataModel";
import { insertEvent } from "../../convex/model/events/writer";
import { newBackend, type Backend } from "./convex-backend";
import { detailsOf, eventSpec, inputOf } from "./dataset";
import { gramCounter, insertUser, writeGramCounts } from "./fill";

/** Events that share pieces (" de", " em"), plus a "Quadrilha", so counters above 1 are compared too. */
const SAMPLE = [0, 1, 2, 50].map((i) => eventSpec(i, 1000));

/**
 * Fails unless the bench's fast fill (insertEvent with counters kept in memory) writes exactly
 * what the app's `insertEvent` writes: the same events, name pieces, piece counts and support
 * gates, ids and creation times aside.
 */
export async function checkFillMatchesInsertEvent(): Promise<void> {
  const viaApp = await storedRows((t, creatorId) =>
    t.run(async (ctx) => {
      for (const spec of SAMPLE) await insertEvent(ctx, creatorId, inputOf(spec), { details: detailsOf(spec) });
    }),
  );
  const viaBench = await storedRows(async (t, creatorId) => {
    const gramCounts = new Map<string, number>();
    const countGram = gramCounter(gramCounts);
    await t.run(async (ctx) => {
      for (const spec of SAMPLE) await insertEvent(ctx, creatorId, inputOf(spec), { details: detailsOf(spec), countGram });
    });
    await writeGramCounts(t, gramCounts);
  });
  if (!isDeepStrictEqual(viaApp, viaBench)) {
    throw new Error("the bench's fill no longer writes what insertEvent writes: update scripts/bench/fill.ts");
  }
}

/** Runs `write` on a fresh backend; returns the rows it left, ids replaced by insertion order. */
async function storedRows(write: (t: Backend, creatorId: Id<"users">) => Promise<void>) {
  const t = await newBackend();
  const creatorId = await insertUser(t, "Conferência");
  await write(t, creatorId);
  return t.run(async (ctx) => {
    const events = await ctx.db.query("events").collect();
    const order = new Map(events.map((event, i) => [event._id, i]));
    const strip = <T extends { _id: unknown; _creationTime: unknown }>({ _id, _creationTime, ...rest }: T) => rest;
    const sorted = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();
    return {
      events: sorted(events.map(strip)),
      grams: sorted((await ctx.db.query("eventNameGrams").collect()).map((row) => ({ ...strip(row), eventId: order.get(row.eventId) }))),
      counts: sorted((await ctx.db.query("eventNameGramCounts").collect()).map(strip)),
      gates: sorted((await ctx.db.query("supportGates").collect()).map((row) => ({ ...strip(row), eventId: order.get(row.eventId) }))),
    };
  });
}
