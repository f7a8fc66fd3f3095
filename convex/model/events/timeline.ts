import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { percentRaised } from "../../model/shared/eventRules";

/**
 * A point of "Evolução dos apoios": what the event holds right after a support or a refund
 * batch (supports raise it; a refund brings it back down, to zero once every support went back).
 */
export type TimelinePoint = { at: number; raisedCents: number };
export type TimelineSeries = { bucketMs: number; points: TimelinePoint[] };

/** At most this many points come back from events:timeline (the creation point included). */
export const MAX_TIMELINE_POINTS = 100;
/** Stored points: one fewer, the event's creation (nothing raised) being always the first. */
const MAX_STORED_POINTS = MAX_TIMELINE_POINTS - 1;
/**
 * The finest bucket: supports within the same second share one point, so a burst seconds apart
 * still draws its steps. Buckets widen (doubling) only once the points outgrow the cap.
 */
const FIRST_BUCKET_MS = 1_000;

/**
 * The series after a support at `at` brought the total to `raisedCents`. A support in the
 * same bucket as the last point replaces it (the point keeps the bucket's latest total);
 * when the points outgrow the cap, buckets double in width and each keeps its latest point.
 * So the series stays one small document however many supports the event gets.
 */
export function withSupport(series: TimelineSeries | null, at: number, raisedCents: number): TimelineSeries {
  let bucketMs = series?.bucketMs ?? FIRST_BUCKET_MS;
  let points = latestPerBucket([...(series?.points ?? []), { at, raisedCents }], bucketMs);
  while (points.length > MAX_STORED_POINTS) {
    bucketMs *= 2;
    points = latestPerBucket(points, bucketMs);
  }
  return { bucketMs, points };
}

/** Keeps, of time-ordered points, the last one of each bucket. */
function latestPerBucket(points: TimelinePoint[], bucketMs: number): TimelinePoint[] {
  const kept: TimelinePoint[] = [];
  for (const point of points) {
    const previous = kept[kept.length - 1];
    if (previous !== undefined && Math.floor(previous.at / bucketMs) === Math.floor(point.at / bucketMs)) {
      kept[kept.length - 1] = point;
    } else {
      kept.push(point);
    }
  }
  return kept;
}

function seriesRow(ctx: QueryCtx, eventId: Id<"events">) {
  return ctx.db
    .query("supportTimelines")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .unique();
}

/**
 * Records a support in the event's series, in the support's transaction. One more document
 * per event: supports already write the event itself, so this adds no new contention.
 */
export async function recordSupport(ctx: MutationCtx, eventId: Id<"events">, raisedCents: number, at = Date.now()): Promise<void> {
  await recordHeld(ctx, eventId, raisedCents, at);
}

/**
 * When the event's total last changed (its latest point; null before its first support). The
 * support queue reads it to tell a quiet event from a busy one without a document of its own
 * that every support would have to write.
 */
export async function lastChangeAt(ctx: QueryCtx, eventId: Id<"events">): Promise<number | null> {
  return (await seriesRow(ctx, eventId))?.points.at(-1)?.at ?? null;
}

/** Records a refund batch: the event now holds what was raised less what went back. */
export async function recordRefund(ctx: MutationCtx, event: Doc<"events">, refundedCents: number): Promise<void> {
  await recordHeld(ctx, event._id, event.raisedCents - refundedCents);
}

async function recordHeld(ctx: MutationCtx, eventId: Id<"events">, heldCents: number, at = Date.now()) {
  const row = await seriesRow(ctx, eventId);
  const series = withSupport(row, at, heldCents);
  if (row === null) await ctx.db.insert("supportTimelines", { eventId, ...series });
  else await ctx.db.patch("supportTimelines", row._id, series);
}

/**
 * The event's total over time, from its creation, and its goal: two documents read (the
 * event and its series) and at most MAX_TIMELINE_POINTS points, whatever the number of supports.
 */
export async function timelineOf(ctx: QueryCtx, event: Doc<"events">) {
  const row = await seriesRow(ctx, event._id);
  return {
    goalCents: event.goalCents,
    raisedCents: event.raisedCents,
    /** Gone back to the supporters (the event was cancelled or missed its goal). */
    refundedCents: event.refundedCents ?? 0,
    percent: percentRaised(event),
    // Starts at zero; before the first support even when that is older than the document (the
    // demo seed replays supports of past days).
    points: [{ at: Math.min(event._creationTime, row?.points[0]?.at ?? Infinity), raisedCents: 0 }, ...(row?.points ?? [])],
  };
}
export type Timeline = Awaited<ReturnType<typeof timelineOf>>;
