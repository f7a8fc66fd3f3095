/**
 * The event writer (model/events/writer.ts), the one place that writes an `events` row: what
 * derives from the row follows every write, in the same transaction.
 */
import { describe, expect, test } from "vitest";
import type { Id } from "../../_generated/dataModel";
import { countOnEvent, writeEvent } from "../../model/events/writer";
import { gramsOf } from "../../model/shared/text";
import { allRows, createEvent, newBackend, signedInUser, type Backend } from "../test.helpers";

async function anEvent(name: string) {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Organizadora" });
  const eventId = (await createEvent(creator.as, { name })) as Id<"events">;
  return { t, eventId, event: () => t.run((ctx) => ctx.db.get("events", eventId)) };
}

async function gramRows(t: Backend, eventId: Id<"events">) {
  return (await allRows(t, "eventNameGrams")).filter((row) => row.eventId === eventId);
}

describe("the event writer", () => {
  test("a new name gives a new nameLower and moves the search rows and their counters", async () => {
    const { t, eventId, event } = await anEvent("Sarau de Poesia");
    await t.run((ctx) => writeEvent(ctx, eventId, { name: "Festa Junina" }));
    expect((await event())!.nameLower).toBe("festa junina");
    const rows = await gramRows(t, eventId);
    expect(rows.map((row) => row.gram).sort()).toEqual([...new Set(gramsOf("festa junina"))].sort());
    expect(rows.every((row) => row.nameLower === "festa junina")).toBe(true);
    const counts = new Map((await allRows(t, "eventNameGramCounts")).map((row) => [row.gram, row.count]));
    expect(counts.get("sar") ?? 0).toBe(0);
    expect(counts.get("jun")).toBe(1);
  });

  test("`finished` moves the search rows to the finished list, once", async () => {
    const { t, eventId } = await anEvent("Sarau de Poesia");
    expect((await gramRows(t, eventId)).every((row) => row.finished === undefined)).toBe(true);
    await t.run((ctx) => writeEvent(ctx, eventId, { settlement: "refunded", finished: true }));
    await t.run((ctx) => writeEvent(ctx, eventId, { refundedCents: 0 }));
    const rows = await gramRows(t, eventId);
    expect(rows.length).toBe(new Set(gramsOf("sarau de poesia")).size);
    expect(rows.every((row) => row.finished === true)).toBe(true);
  });

  test("counters add to the row as it is now and never go below zero", async () => {
    const { t, eventId, event } = await anEvent("Sarau de Poesia");
    await t.run(async (ctx) => {
      await countOnEvent(ctx, eventId, { ticketsUsed: 1 });
      await countOnEvent(ctx, eventId, { ticketsUsed: 1, ticketsGenerated: 2 });
    });
    expect(await event()).toMatchObject({ ticketsUsed: 2, ticketsGenerated: 2 });
    await t.run((ctx) => countOnEvent(ctx, eventId, { ticketsUsed: -5 }));
    expect((await event())!.ticketsUsed).toBe(0);
  });

  test("a missing event is an error, not a silent no-op", async () => {
    const { t, eventId } = await anEvent("Sarau de Poesia");
    await t.run((ctx) => ctx.db.delete("events", eventId));
    await expect(t.run((ctx) => writeEvent(ctx, eventId, { refundedCents: 0 }))).rejects.toThrow("no event");
  });
});
