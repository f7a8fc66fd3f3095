/**
 * Each supported event's queue worker, and what keeps it from getting stuck.
 *
 * The state is a union, in the manner of @convex-dev/workpool's run status: idle (no turn
 * scheduled), scheduled (a turn waits until the oldest row has settled) or running (turns follow
 * one another through a backlog), each with a generation. Every turn carries the generation it
 * was started with and does nothing when the state moved on: a restart bumps the generation, so
 * a chain of turns it replaced stops at its next turn, and there is never more than one.
 *
 * A turn that throws (a bug, a limit) is rolled back and schedules nothing, while the state
 * still says scheduled or running: no support would start the worker again. The recovery cron
 * (every RECOVERY_INTERVAL_SECONDS) restarts the worker of any event whose oldest pending row
 * is older than STUCK_AFTER_MS, so a support waits at most about STUCK_AFTER_MS +
 * RECOVERY_INTERVAL_SECONDS after such a failure. Restarting a worker that was only slow is
 * harmless: rows are applied in transactions that read their status, so each exactly once.
 *
 * The state is written when it changes kind, not at every turn: supports read it, and a write
 * per turn would make the supports in flight conflict with each one.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";

export type WorkerState =
  | { kind: "idle"; generation: number; quietFrom: number }
  | { kind: "scheduled"; generation: number }
  | { kind: "running"; generation: number };

/** A pending row older than this (ms) means its event's worker stopped making progress. */
export const STUCK_AFTER_MS = 20_000;
/** How often the recovery cron looks for stuck queues (convex/crons.ts). */
export const RECOVERY_INTERVAL_SECONDS = 10;

const NEVER_SUPPORTED: WorkerState = { kind: "idle", generation: 0, quietFrom: 0 };

function workerRow(ctx: QueryCtx, eventId: Id<"events">) {
  return ctx.db
    .query("supportWorkers")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .unique();
}

/** The state of a stored row; a row from before the union (`running` alone) reads as its nearest state. */
export function stateOfRow(row: Doc<"supportWorkers">): WorkerState {
  if ("state" in row) return row.state;
  return row.running ? { kind: "scheduled", generation: 0 } : NEVER_SUPPORTED;
}

/** The event's worker state (idle for an event never supported). */
export async function workerState(ctx: QueryCtx, eventId: Id<"events">): Promise<WorkerState> {
  const row = await workerRow(ctx, eventId);
  return row === null ? NEVER_SUPPORTED : stateOfRow(row);
}

/** Stores the event's worker state (a row per event ever supported). */
export async function setWorkerState(ctx: MutationCtx, eventId: Id<"events">, state: WorkerState): Promise<void> {
  const row = await workerRow(ctx, eventId);
  if (row === null) await ctx.db.insert("supportWorkers", { eventId, state });
  else await ctx.db.replace("supportWorkers", row._id, { eventId, state });
}

/**
 * Starts a new generation of the event's worker: its first turn in `delayMs`. From idle this
 * is a support's doing; from any state it is the recovery's.
 */
export async function startWorker(ctx: MutationCtx, eventId: Id<"events">, from: WorkerState, delayMs: number): Promise<void> {
  const generation = from.generation + 1;
  await setWorkerState(ctx, eventId, { kind: "scheduled", generation });
  await ctx.scheduler.runAfter(delayMs, internal.supportQueue.work, { eventId, generation });
}

/** Schedules the worker's next turn, in the same generation; the state is written only if its kind changes. */
export async function continueWorker(
  ctx: MutationCtx,
  eventId: Id<"events">,
  from: WorkerState,
  next: { kind: "scheduled" | "running"; delayMs: number },
): Promise<void> {
  if (from.kind !== next.kind) await setWorkerState(ctx, eventId, { kind: next.kind, generation: from.generation });
  await ctx.scheduler.runAfter(next.delayMs, internal.supportQueue.work, { eventId, generation: from.generation });
}

/**
 * The recovery cron's pass: the events with a pending row older than STUCK_AFTER_MS (oldest
 * first, up to `limit` rows looked at) get their worker restarted now. Returns those events.
 * Reads only rows that old, which no support in flight writes.
 */
export async function restartStuckWorkers(ctx: MutationCtx, now: number, limit: number): Promise<Id<"events">[]> {
  const stuck = await ctx.db
    .query("queuedSupports")
    .withIndex("by_status", (q) => q.eq("status", "pending").lt("_creationTime", now - STUCK_AFTER_MS))
    .take(limit);
  const eventIds = [...new Set(stuck.map((row) => row.eventId))];
  for (const eventId of eventIds) {
    console.warn(`support queue of event ${eventId}: no progress for ${STUCK_AFTER_MS} ms, restarting its worker`);
    await startWorker(ctx, eventId, await workerState(ctx, eventId), 0);
  }
  return eventIds;
}
