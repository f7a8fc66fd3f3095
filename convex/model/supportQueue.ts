/**
 * The per-event support queue: how one event takes hundreds of supports a second.
 *
 * On Convex, mutations run under optimistic concurrency: two that touch the same document
 * conflict, one is retried, and under sustained load calls fail. A support used to read and
 * write the event document (its totals) in the supporter's transaction, so the supports of one
 * event ran one after the other — a few dozen a second at best.
 *
 * Why a queue and not sharded counters: the rules need the exact total at each support (no
 * support accepted once the event concluded, "Meta Alcançada!" exactly once, the ticket count),
 * and a total split over shards is exact only by reading every shard, which brings the
 * conflicts back. So a support (`enqueueSupport`) touches only what is the supporter's own: it
 * checks the event's gate (model/supportGates.ts, which supports never write), debits the
 * wallet with its statement entry, and writes a pending row. One worker per event
 * (`workQueue`, a scheduled mutation that reschedules itself while there is work) applies the
 * rows in order, in batches, with the exact running total: each is applied (contribution,
 * supporter total, ticket) or, if supporting closed meanwhile, refunded to the wallet. The event
 * document and its timeline are written once per batch, by the worker alone.
 *
 * The worker reads only rows at least QUEUE_SETTLE_MS old: a support still committing is
 * younger, so it never falls in the range the worker read, and the two never conflict. The
 * worker's "running" flag is written only when it starts or stops, not per support.
 * Settlement and cancellation drain the queue first (see model/settlement.ts).
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { appError } from "./shared/errors";
import { goalReached, isConcluded } from "./shared/eventRules";
import { supportClosedReason, type SupportClosedReason } from "./shared/lifecycle";
import { isValidAmountCents } from "./shared/money";
import { supportRefusal } from "./shared/supportRefusal";
import { MESSAGES } from "./shared/texts";
import { closeGate, gateClosedReason, gateForSupport, markSupported, type SupportGate } from "./supportGates";
import { purchaseDecider } from "./ticketAllocation";
import { addContribution } from "./supports";
import { recordSupport } from "./timeline";
import { walletCentsOf } from "./users";
import { changeWallet } from "./wallet";

/**
 * Rows applied per worker transaction. Each costs ~3 reads and ~4 writes (contribution,
 * supporter total, ticket, the row), so a batch stays far below Convex's per-transaction limits.
 */
export const QUEUE_BATCH_SIZE = 250;
/** The worker leaves rows younger than this (ms): a support still committing cannot conflict with it. */
export const QUEUE_SETTLE_MS = 100;

export type QueuedSupportId = Id<"queuedSupports">;

/** What the supporter is shown once their support came up. */
export type SupportOutcome =
  | { status: "pending" }
  | { status: "applied"; amountCents: number; goalReached: boolean; ticketCode: string | null }
  | { status: "refunded"; amountCents: number; closedReason: SupportClosedReason };

function pendingRows(ctx: QueryCtx, eventId: Id<"events">) {
  return ctx.db.query("queuedSupports").withIndex("by_eventId_and_status", (q) => q.eq("eventId", eventId).eq("status", "pending"));
}

/**
 * Queues a support: the checks in the product's order (amount valid → event exists → wallet >
 * 0 → amount ≤ wallet → amount ≥ minimum → open), each failing with its message before anything
 * is written; then the wallet is debited and the row written. Touches the supporter's own
 * documents and reads the event's gate: never a document another support writes.
 */
export async function enqueueSupport(
  ctx: MutationCtx,
  user: Doc<"users">,
  eventId: Id<"events"> | null,
  amountCents: number,
  now: number = Date.now(),
): Promise<QueuedSupportId> {
  if (!isValidAmountCents(amountCents)) throw appError("INVALID_AMOUNT", MESSAGES.invalidAmount);
  const gate = eventId === null ? null : await gateForSupport(ctx, eventId);
  if (eventId === null || gate === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  const refusal = supportRefusal({
    walletCents: walletCentsOf(user),
    amountCents,
    minSupportCents: gate.minSupportCents,
    closedReason: gateClosedReason(gate, now),
  });
  if (refusal !== null) throw appError(refusal.code, refusal.message, refusal.title);

  return queueRow(ctx, user._id, gate, amountCents);
}

/**
 * Debits what was checked and queues it for the event's worker: a support, or a ticket
 * purchase (`purchaseId`, model/ticketPurchases.ts) that the worker decides against capacity.
 */
export async function queueRow(
  ctx: MutationCtx,
  userId: Id<"users">,
  gate: SupportGate,
  amountCents: number,
  purchaseId?: Id<"ticketPurchases">,
): Promise<QueuedSupportId> {
  const { eventId } = gate;
  await changeWallet(ctx, userId, { kind: "support", amountCents: -amountCents, eventId });
  const id = await ctx.db.insert("queuedSupports", {
    eventId,
    userId,
    amountCents,
    status: "pending",
    ...(purchaseId === undefined ? {} : { purchaseId }),
  });
  if (gate.supported !== true) await markSupported(ctx, eventId);
  await ensureWorker(ctx, eventId);
  return id;
}

/** Schedules the event's worker unless it is already scheduled or running. */
async function ensureWorker(ctx: MutationCtx, eventId: Id<"events">): Promise<void> {
  const worker = await ctx.db
    .query("supportWorkers")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .unique();
  if (worker?.running === true) return;
  if (worker === null) await ctx.db.insert("supportWorkers", { eventId, running: true });
  else await ctx.db.patch("supportWorkers", worker._id, { running: true });
  await ctx.scheduler.runAfter(QUEUE_SETTLE_MS, internal.supportQueue.work, { eventId });
}

/**
 * One turn of the event's worker: applies the next batch of rows old enough, then schedules
 * the next turn (at once for a full batch, when the next row is old enough otherwise), or
 * stops when the queue is empty. Every step is idempotent: a row is applied once, as its status says.
 */
export async function workQueue(ctx: MutationCtx, eventId: Id<"events">, now: number = Date.now()): Promise<void> {
  // A range on the index (not a filter): the read stops at the cutoff, so younger rows are outside it.
  const rows = await ctx.db
    .query("queuedSupports")
    .withIndex("by_eventId_and_status", (q) =>
      q
        .eq("eventId", eventId)
        .eq("status", "pending")
        .lte("_creationTime", now - QUEUE_SETTLE_MS),
    )
    .take(QUEUE_BATCH_SIZE);
  await applyQueued(ctx, eventId, rows);
  if (rows.length === QUEUE_BATCH_SIZE) {
    await ctx.scheduler.runAfter(0, internal.supportQueue.work, { eventId });
    return;
  }
  const next = await pendingRows(ctx, eventId).first();
  if (next !== null) {
    // At least 1 ms on: a turn at the same instant would find the same rows too young.
    const wait = Math.max(1, Math.ceil(next._creationTime + QUEUE_SETTLE_MS - now));
    await ctx.scheduler.runAfter(wait, internal.supportQueue.work, { eventId });
    return;
  }
  const worker = await ctx.db
    .query("supportWorkers")
    .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
    .unique();
  if (worker !== null) await ctx.db.patch("supportWorkers", worker._id, { running: false });
}

/**
 * Applies up to one batch of the event's pending rows whatever their age (settlement and
 * cancellation, which must see the queue empty first). Returns whether rows remain.
 */
export async function drainQueue(ctx: MutationCtx, eventId: Id<"events">): Promise<boolean> {
  const rows = await pendingRows(ctx, eventId).take(QUEUE_BATCH_SIZE);
  await applyQueued(ctx, eventId, rows);
  return (await pendingRows(ctx, eventId).first()) !== null;
}

/**
 * Applies rows in order against the event's exact running total: a row made while supporting
 * was open goes in (contribution, supporter total, ticket) and learns whether it reached the
 * goal; one that came up after the event closed (cancelled, settled, or concluded by an
 * earlier row) goes back to the wallet. The event and its timeline are written once.
 */
async function applyQueued(ctx: MutationCtx, eventId: Id<"events">, rows: Doc<"queuedSupports">[]): Promise<void> {
  if (rows.length === 0) return;
  const event = await ctx.db.get("events", eventId);
  if (event === null) throw new Error(`queued supports for a missing event ${eventId}`);
  let current = event;
  let applied = 0;
  const purchases = purchaseDecider(ctx);
  for (const row of rows) {
    if (row.purchaseId !== undefined) {
      const verdict = await purchases.decide(current, row.purchaseId, row._creationTime);
      if (!verdict.ok) {
        await changeWallet(ctx, row.userId, { kind: "refund", amountCents: row.amountCents, eventId });
        await ctx.db.patch("queuedSupports", row._id, { status: "refunded" });
        continue;
      }
      const before = current;
      const { event: after } = await addContribution(ctx, current, row.userId, row.amountCents);
      current = { ...after, ticketsGenerated: after.ticketsGenerated + verdict.ticketCodes.length };
      applied += 1;
      // Purchases go on past the goal: only the one that crossed it reached it.
      await ctx.db.patch("queuedSupports", row._id, { status: "applied", goalReached: !goalReached(before) && goalReached(current) });
      continue;
    }
    // The row's own time decides "started": a support made before the date counts.
    const closedReason = supportClosedReason(current, row._creationTime);
    if (closedReason !== null) {
      await changeWallet(ctx, row.userId, { kind: "refund", amountCents: row.amountCents, eventId });
      await ctx.db.patch("queuedSupports", row._id, { status: "refunded", closedReason });
      continue;
    }
    const { event: after, ticketCode } = await addContribution(ctx, current, row.userId, row.amountCents);
    current = after;
    applied += 1;
    await ctx.db.patch("queuedSupports", row._id, {
      status: "applied",
      goalReached: goalReached(current),
      ...(ticketCode === null ? {} : { ticketCode }),
    });
  }
  await purchases.flush();
  if (applied === 0) return;
  await ctx.db.patch("events", eventId, {
    raisedCents: current.raisedCents,
    ticketsGenerated: current.ticketsGenerated,
    uniqueSupporters: current.uniqueSupporters,
  });
  await recordSupport(ctx, eventId, current.raisedCents);
  if (isConcluded(current)) await closeGate(ctx, eventId, "concluded");
}

/** A queued support's outcome, for its supporter only (null for anyone else or an unknown id). */
export async function outcomeOf(ctx: QueryCtx, userId: Id<"users">, id: QueuedSupportId): Promise<SupportOutcome | null> {
  const row = await ctx.db.get("queuedSupports", id);
  if (row === null || row.userId !== userId) return null;
  if (row.status === "pending") return { status: "pending" };
  if (row.status === "applied") {
    return { status: "applied", amountCents: row.amountCents, goalReached: row.goalReached ?? false, ticketCode: row.ticketCode ?? null };
  }
  return { status: "refunded", amountCents: row.amountCents, closedReason: row.closedReason ?? "started" };
}
