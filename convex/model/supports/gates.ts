/**
 * An event's support gate: what the hot paths check about an event — that it exists, who
 * created it, its minimum and date, and whether supporting closed for good — in a document of
 * its own. The event document holds the running totals, which the support queue's worker
 * rewrites with every batch; on Convex any transaction that read it would conflict with each
 * batch. The gate changes only at creation, when an unsupported event is edited, and when
 * supporting closes (cancellation, settlement, the goal reached), so supports, presence
 * heartbeats and chat messages read it without contending with anything.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { strongestClosedReason, supportClosedReason, type SupportClosedReason } from "../../model/shared/lifecycle";

export type SupportGate = Pick<
  Doc<"supportGates">,
  "eventId" | "creatorId" | "startsAt" | "minSupportCents" | "closed" | "supported" | "feePassedOn"
>;

function gateRow(ctx: QueryCtx, eventId: Id<"events">) {
  return ctx.db
    .query("supportGates")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .unique();
}

function gateFromEvent(event: Doc<"events">): SupportGate {
  const closed = supportClosedReason(event, null) ?? undefined;
  return {
    eventId: event._id,
    creatorId: event.creatorId,
    startsAt: event.startsAt,
    minSupportCents: event.minSupportCents,
    ...(closed === undefined ? {} : { closed }),
    ...(event.raisedCents > 0 ? { supported: true as const } : {}),
    ...(event.feePassedOn === true ? { feePassedOn: true as const } : {}),
  };
}

/** Opens the gate of a new event. */
export async function openGate(ctx: MutationCtx, event: Doc<"events">): Promise<void> {
  await ctx.db.insert("supportGates", gateFromEvent(event));
}

/**
 * The event's gate, or null when the event does not exist. An event from before gates existed
 * has none: its own document answers instead (the first support queued stores one).
 */
export async function gateOf(ctx: QueryCtx, eventId: Id<"events">): Promise<SupportGate | null> {
  const row = await gateRow(ctx, eventId);
  if (row !== null) return row;
  const event = await ctx.db.get("events", eventId);
  return event === null ? null : gateFromEvent(event);
}

/** The gate of a support about to be queued, stored if the event had none yet, and marked supported. */
export async function gateForSupport(ctx: MutationCtx, eventId: Id<"events">): Promise<SupportGate | null> {
  const row = await gateRow(ctx, eventId);
  if (row !== null) return row;
  const event = await ctx.db.get("events", eventId);
  if (event === null) return null;
  const gate = gateFromEvent(event);
  await ctx.db.insert("supportGates", gate);
  return gate;
}

/** Marks the first queued support (the gate is then written once, not by every support). */
export async function markSupported(ctx: MutationCtx, eventId: Id<"events">): Promise<void> {
  const row = await gateRow(ctx, eventId);
  if (row !== null && row.supported !== true) await ctx.db.patch("supportGates", row._id, { supported: true });
}

/** Why supporting is closed at `now`, by the gate alone. */
export function gateClosedReason(gate: SupportGate, now: number): SupportClosedReason | null {
  return strongestClosedReason(gate.closed, now >= gate.startsAt ? "started" : null);
}

/**
 * Closes supporting for good. A later, stronger reason replaces an earlier one (a concluded
 * event that is cancelled reads "cancelled"), in the precedence of strongestClosedReason.
 */
export async function closeGate(ctx: MutationCtx, eventId: Id<"events">, reason: SupportClosedReason): Promise<void> {
  const row = await gateRow(ctx, eventId);
  if (row === null || strongestClosedReason(row.closed, reason) === row.closed) return;
  await ctx.db.patch("supportGates", row._id, { closed: reason });
}

/** After an edit of an unsupported event: the gate follows its date and minimum. */
export async function followEdit(ctx: MutationCtx, event: Pick<Doc<"events">, "_id" | "startsAt" | "minSupportCents">): Promise<void> {
  const row = await gateRow(ctx, event._id);
  if (row === null || (row.startsAt === event.startsAt && row.minSupportCents === event.minSupportCents)) return;
  await ctx.db.patch("supportGates", row._id, { startsAt: event.startsAt, minSupportCents: event.minSupportCents });
}
