import { getDocumentSize } from "convex/values";
import type { Id } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import { nameRow } from "../../convex/model/events";
import type { ValidEventDetails } from "../../convex/model/shared/eventDetails";
import type { ValidEventInput } from "../../convex/model/shared/eventInput";
import { INITIAL_WALLET_CENTS } from "../../convex/model/shared/money";
import { foldText, gramsOf } from "../../convex/model/shared/text";
import type { Backend } from "./convex-backend";
import { CREATOR_COUNT, detailsOf, eventSpec, inputOf, type EventSpec } from "./dataset";

/**
 * Events per fill transaction. Each event writes about 20 name-piece rows, so 400 events
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
 * Writes `total` events with their search rows. We insert the rows ourselves instead of
 * calling `insertEvent`: it looks up each piece's counter with an index query, and
 * convex-test answers every index query by scanning the whole database, which makes 50,000
 * events take hours. The rows written here are exactly insertEvent's: one `eventNameGrams`
 * row (model/events.ts nameRow) per distinct piece of the folded name and one `eventNameGramCounts` row per piece.
 * fill-check.ts proves it before every run, so a drift would fail the bench, not skew it.
 */
export async function fillCatalogue(t: Backend, total: number): Promise<Catalogue> {
  const ownerId = await insertUser(t, "Dona dos Eventos");
  const creators = await insertUsers(t, CREATOR_COUNT, (i) => `Criador ${i}`);
  const specs = Array.from({ length: total }, (_, i) => eventSpec(i, total));
  const gramCounts = new Map<string, number>();
  const eventIds: Id<"events">[] = [];
  let totalEventBytes = 0;

  for (let start = 0; start < total; start += EVENTS_PER_BATCH) {
    const batch = specs.slice(start, start + EVENTS_PER_BATCH);
    const written = await t.run(async (ctx) => {
      const ids: Id<"events">[] = [];
      let bytes = 0;
      for (const spec of batch) {
        const creatorId = spec.creator === "owner" ? ownerId : (creators[spec.creator] as Id<"users">);
        const eventId = await writeEvent(ctx, creatorId, inputOf(spec), detailsOf(spec), gramCounts);
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

/**
 * Inserts one event and its name pieces as `insertEvent` does, but counts the pieces in
 * `gramCounts` instead of reading and patching a counter row per piece.
 */
export async function writeEvent(
  ctx: MutationCtx,
  creatorId: Id<"users">,
  input: ValidEventInput,
  details: ValidEventDetails,
  gramCounts: Map<string, number>,
): Promise<Id<"events">> {
  const nameLower = foldText(input.name);
  const eventId = await ctx.db.insert("events", {
    ...input,
    ...details,
    nameLower,
    creatorId,
    raisedCents: 0,
    ticketsGenerated: 0,
    uniqueSupporters: 0,
  });
  const indexed = { _id: eventId, nameLower, startsAt: input.startsAt, category: input.category, cityKey: details.cityKey };
  for (const gram of gramsOf(nameLower)) {
    await ctx.db.insert("eventNameGrams", nameRow(indexed, gram));
    gramCounts.set(gram, (gramCounts.get(gram) ?? 0) + 1);
  }
  return eventId;
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
