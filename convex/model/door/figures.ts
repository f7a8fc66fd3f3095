/**
 * An event's door figures (the `doorFigures` document): entries per door, per hour and per ticket
 * type, kept exact by every entry in the transaction that lets it in, moves it to an earlier
 * door or undoes it. One small document read, however many entries.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { DEFAULT_DOOR_NAME } from "../../model/shared/door";
import { ticketsAtTheDoor } from "../tickets/issue";

const HOUR_MS = 60 * 60 * 1000;

/** Where an entry is counted: its door, the hour it happened, its ticket's type. */
export type EntryPlace = { door: string; at: number; type: string };

type Counts = Doc<"doorFigures">["perDoor"];

/** The hour an entry is counted in: its start, in milliseconds, as text. */
export function hourKeyOf(at: number): string {
  return String(Math.floor(at / HOUR_MS) * HOUR_MS);
}

/** A ticket's type as the door figures name it. */
export function doorTypeOf(ticket: Doc<"tickets">): string {
  return ticket.typeName ?? "Ingresso";
}

/** Where a used ticket was counted (a check-in from before doors had names counts at `Principal`). */
export function placeOfUsed(ticket: Doc<"tickets">): EntryPlace {
  return { door: ticket.usedDoor ?? DEFAULT_DOOR_NAME, at: ticket.usedAt ?? 0, type: doorTypeOf(ticket) };
}

function bump(counts: Counts, key: string, delta: number): Counts {
  const next = counts.map((row) => (row.key === key ? { key, count: Math.max(0, row.count + delta) } : row));
  if (!counts.some((row) => row.key === key) && delta > 0) next.push({ key, count: delta });
  return next.filter((row) => row.count > 0);
}

/** Counts (+1) or uncounts (-1) one entry. */
export async function countEntry(ctx: MutationCtx, eventId: Id<"events">, place: EntryPlace, delta: 1 | -1): Promise<void> {
  const figures = await figuresDoc(ctx, eventId);
  const next = {
    perDoor: bump(figures?.perDoor ?? [], place.door, delta),
    perHour: bump(figures?.perHour ?? [], hourKeyOf(place.at), delta),
    perType: bump(figures?.perType ?? [], place.type, delta),
  };
  if (figures === null) await ctx.db.insert("doorFigures", { eventId, ...next });
  else await ctx.db.patch("doorFigures", figures._id, next);
}

function figuresDoc(ctx: QueryCtx, eventId: Id<"events">) {
  return ctx.db
    .query("doorFigures")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .unique();
}

/** The figures the door leads see live: who is in, and entries per door, hour (oldest first) and type. */
export async function doorFiguresOf(ctx: QueryCtx, event: Doc<"events">) {
  const figures = await figuresDoc(ctx, event._id);
  const byCount = (rows: Counts) => [...rows].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  return {
    inside: event.ticketsUsed ?? 0,
    issued: ticketsAtTheDoor(event),
    perDoor: byCount(figures?.perDoor ?? []),
    perHour: [...(figures?.perHour ?? [])]
      .sort((a, b) => Number(a.key) - Number(b.key))
      .map((row) => ({ hourStart: Number(row.key), count: row.count })),
    perType: byCount(figures?.perType ?? []),
  };
}
