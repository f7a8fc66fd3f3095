import { getDocumentSize } from "convex/values";
import type { Id } from "../../convex/_generated/dataModel";
import { insertEvent, type GramCounter } from "../../convex/model/events/writer";
import { INITIAL_WALLET_CENTS } from "../../convex/model/shared/money";
import { foldText } from "../../convex/model/shared/text";
import type { Backend } from "./convex-backend";
import { CREATOR_COUNT, detailsOf, eventSpec, inputOf, type EventSpec } from "./dataset";

/**
 * Events per fill transaction. Each event writes about 20 name-piece rows and a gate, so 400 events
 * stay well under Convex's 16,000 documents written per transaction, which
 * `transactionLimits: true` enforces on `t.run` too.
 */
const EVENTS_PER_BATCH = 400;
export const ROWS_PER_BATCH = 8_000;

export type Catalogue = {
  specs: EventSpec[];
  eventIds: Id<"events">[];
  ownerId: Id<"users">;
  /** What reading every event costs in bytes: their sizes as the transaction metrics count them. */
  totalEventBytes: number;
};

/**
 * Writes `total` events through the app's own `insertEvent` (event, name pieces, support gate),
 * with one difference: piece counters are counted in memory (gramCounter) and written once at
 * the end, instead of read and patched per piece (see GramCounter in model/events/nameIndex.ts).
 * fill-check.ts proves before every run that the rows come out the same.
 */
export async function fillCatalogue(t: Backend, total: number): Promise<Catalogue> {
  const ownerId = await insertUser(t, "Dona dos Eventos");
  const creators = await insertUsers(t, CREATOR_COUNT, (i) => `Criador ${i}`);
  const specs = Array.from({ length: total }, (_, i) => eventSpec(i, total));
  const gramCounts = new Map<string, number>();
  const countGram = gramCounter(gramCounts);
  const eventIds: Id<"events">[] = [];
  let totalEventBytes = 0;

  for (let start = 0; start < total; start += EVENTS_PER_BATCH) {
    const batch = specs.slice(start, start + EVENTS_PER_BATCH);
    const written = await t.run(async (ctx) => {
      const ids: Id<"events">[] = [];
      let bytes = 0;
      for (const spec of batch) {
        const creatorId = spec.creator === "owner" ? ownerId : (creators[spec.creator] as Id<"users">);
        const eventId = await insertEvent(ctx, creatorId, inputOf(spec), { details: detailsOf(spec), countGram });
        const stored = await ctx.db.get("events", eventId);
        if (stored !== null) bytes += getDocumentSize(stored);
        ids.push(eventId);
      }
      return { ids, bytes };
    });
    eventIds.push(...written.ids);
    totalEventBytes += written.bytes;
  }

  await writeGramCounts(t, gramCounts);
  return { specs, eventIds, ownerId, totalEventBytes };
}

/** Counts the pieces of the events' names in `gramCounts`, for writeGramCounts. */
export function gramCounter(gramCounts: Map<string, number>): GramCounter {
  return async (_ctx, gram) => {
    gramCounts.set(gram, (gramCounts.get(gram) ?? 0) + 1);
  };
}

/** One `eventNameGramCounts` row per piece, once every event is in. */
export async function writeGramCounts(t: Backend, gramCounts: Map<string, number>): Promise<void> {
  const counters = [...gramCounts];
  for (let start = 0; start < counters.length; start += ROWS_PER_BATCH) {
    const batch = counters.slice(start, start + ROWS_PER_BATCH);
    await t.run(async (ctx) => {
      for (const [gram, count] of batch) await ctx.db.insert("eventNameGramCounts", { gram, count });
    });
  }
}

/** A signed-up user with the starting wallet. */
export function insertUser(t: Backend, name: string): Promise<Id<"users">> {
  return t.run((ctx) =>
    ctx.db.insert("users", { name, email: `${foldText(name).replace(/\W+/g, ".")}@bench.example`, walletCents: INITIAL_WALLET_CENTS }),
  );
}

async function insertUsers(t: Backend, count: number, name: (i: number) => string): Promise<Id<"users">[]> {
  const ids: Id<"users">[] = [];
  for (let i = 0; i < count; i++) ids.push(await insertUser(t, name(i)));
  return ids;
}

/** `count` chat messages on an event, alternating between two authors. */
export async function fillChat(
  t: Backend,
  eventId: Id<"events">,
  authors: [{ id: Id<"users">; name: string }, { id: Id<"users">; name: string }],
  count: number,
): Promise<void> {
  for (let start = 0; start < count; start += ROWS_PER_BATCH) {
    const end = Math.min(count, start + ROWS_PER_BATCH);
    await t.run(async (ctx) => {
      for (let i = start; i < end; i++) {
        const author = authors[i % 2] as { id: Id<"users">; name: string };
        await ctx.db.insert("messages", {
          eventId,
          userId: author.id,
          authorName: author.name,
          body: `Mensagem ${i}: alguém vai de carona saindo do centro? Posso levar mais duas pessoas.`,
        });
      }
    });
  }
}
