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
 * checks the event's gate (model/supports/gates.ts, which supports never write), debits the
 * wallet with its statement entry, and writes a pending row. One worker per event
 * (`workQueue`, a scheduled mutation that reschedules itself while there is work) applies the
 * rows in order, in batches, with the exact running total: each is applied (contribution,
 * supporter total, ticket) or, if supporting closed meanwhile, refunded to the wallet. The event
 * document and its timeline are written once per batch, by the worker alone.
 *
 * The worker reads only rows at least QUEUE_SETTLE_MS old: a support still committing is
 * younger, so it never falls in the range the worker read, and the two never conflict. Its
 * state (idle / scheduled / running, with a generation) and the recovery that restarts a worker
 * that stopped are in model/supports/worker.ts. Settlement and cancellation drain the queue first
 * (see model/settlement/settle.ts).
 *
 * A quiet event does not pay the hot event's price: a support of an event whose worker is idle,
 * and whose total did not change in the last QUEUE_SETTLE_MS, is applied at once, in its own
 * transaction, by the same step the worker runs (`applyQueued`). It then reads and writes the
 * event, as supports did before the queue; the next support within QUEUE_SETTLE_MS goes to the
 * queue and starts the worker, so a burst turns an event "hot" after its first support. Such a
 * support writes no worker state (see `isQuiet`): the state every support reads changes only
 * when the worker starts or stops.
 */
import { emailSupportReceipt } from "../email/triggers";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { goalReached, isConcluded } from "../../model/shared/eventRules";
import { supportClosedReason, type SupportClosedReason } from "../../model/shared/lifecycle";
import { isValidAmountCents } from "../../model/shared/money";
import { closedRefusal, supportRefusal } from "../../model/shared/supportRefusal";
import { MESSAGES } from "../../model/shared/texts";
import { closeGate, gateClosedReason, gateForSupport, markSupported, type SupportGate } from "./gates";
import { rewardDecider } from "../rewards/allocation";
import { chooseReward, type RewardChoice } from "../rewards/catalog";
import { addContribution } from "./contributions";
import { continueWorker, setWorkerState, startWorker, workerState, type WorkerState } from "./worker";
import { purchaseDecider } from "../tickets/allocation";
import { lastChangeAt, recordSupport } from "../events/timeline";
import { walletCentsOf } from "../users/accounts";
import { changeWallet } from "../wallet/ledger";
import { buyerFeeOf, supportFee, type ServiceFee } from "../books/fees";
import { writeEvent } from "../events/writer";

/**
 * Rows applied per worker transaction. Each costs ~3 reads and ~4 writes (contribution,
 * supporter total, ticket, the row), so a batch stays far below Convex's per-transaction limits.
 */
export const QUEUE_BATCH_SIZE = 250;
/** The worker leaves rows younger than this (ms): a support still committing cannot conflict with it. */
export const QUEUE_SETTLE_MS = 100;

export type QueuedSupportId = Id<"queuedSupports">;
type QueuedRow = Doc<"queuedSupports">;

/** What the supporter is shown of their support: waiting in the queue, applied, or refunded. */
export type SupportOutcome =
  | { status: "pending"; amountCents: number }
  | { status: "applied"; amountCents: number; goalReached: boolean; ticketCode: string | null }
  | { status: "refunded"; amountCents: number; closedReason: SupportClosedReason }
  /** The queue said no for another reason than the event closing (a reward sold out): its text. */
  | { status: "refunded"; amountCents: number; refusal: string };

/**
 * What becomes of one row when it comes up: it goes in, or back to the wallet with the reason
 * (supporting closed; or, for a ticket purchase, the type's capacity or lote said no).
 */
export type RowDecision = { apply: true } | { apply: false; closedReason: SupportClosedReason } | { apply: false; refusal: string };

function pendingRows(ctx: QueryCtx, eventId: Id<"events">) {
  return ctx.db.query("queuedSupports").withIndex("by_eventId_and_status", (q) => q.eq("eventId", eventId).eq("status", "pending"));
}

/**
 * Takes a support: the checks in the product's order (amount valid → event exists → wallet >
 * 0 → amount ≤ wallet → amount ≥ minimum → open), each failing with its message before anything
 * is written, then the reward chosen, if any (model/rewards/catalog.ts); then the wallet is debited and
 * the row written. On a quiet event the row is
 * applied at once (a refusal then throws, and nothing is written); otherwise it waits for the
 * event's worker, and the support touches only the supporter's own documents and reads the
 * event's gate and worker state, which no other support writes. `now` is the clock; the demo
 * seed passes a past time to replay supports where they happened. Returns the row's id and
 * whether it waits in the queue.
 */
export async function enqueueSupport(
  ctx: MutationCtx,
  user: Doc<"users">,
  eventId: Id<"events"> | null,
  amountCents: number,
  now: number = Date.now(),
  reward: { rewardId?: string; answer?: string } = {},
): Promise<{ supportId: QueuedSupportId; queued: boolean }> {
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
  const choice = await chooseReward(ctx, eventId, { ...reward, amountCents });

  return queueRow(ctx, user._id, gate, amountCents, now, undefined, choice ?? undefined, supportFee(amountCents));
}

/**
 * Debits what was checked and queues it for the event's worker: a support, or a ticket purchase
 * (`purchaseId`, model/tickets/purchases.ts) that the worker decides against capacity. On a quiet
 * event the row is applied at once; a refusal then throws and nothing is written.
 */
export async function queueRow(
  ctx: MutationCtx,
  userId: Id<"users">,
  gate: SupportGate,
  amountCents: number,
  now: number,
  purchaseId?: Id<"ticketPurchases">,
  reward?: RewardChoice,
  fee: ServiceFee = {},
): Promise<{ supportId: QueuedSupportId; queued: boolean }> {
  const { eventId } = gate;
  const kind = purchaseId === undefined ? "support" : "ticketPurchase";
  // A fee passed on to the buyer leaves the wallet with the price, in the same statement line.
  const buyerFee = buyerFeeOf(fee);
  await changeWallet(ctx, userId, {
    kind,
    amountCents: -(amountCents + buyerFee),
    eventId,
    ...(buyerFee > 0 ? { feeCents: buyerFee } : {}),
  });
  const id = await ctx.db.insert("queuedSupports", {
    eventId,
    userId,
    amountCents,
    status: "pending",
    ...(purchaseId === undefined ? {} : { purchaseId }),
    ...reward,
    ...fee,
  });
  if (gate.supported !== true) await markSupported(ctx, eventId);
  const worker = await workerState(ctx, eventId);
  if (worker.kind === "idle" && (await isQuiet(ctx, eventId, worker, now, id))) {
    const [decision] = await applyQueued(ctx, eventId, [(await ctx.db.get("queuedSupports", id))!], now);
    if (decision !== undefined && !decision.apply) {
      if ("refusal" in decision) throw appError(reward === undefined ? "SOLD_OUT" : "REWARD_SOLD_OUT", decision.refusal);
      const closed = closedRefusal(decision.closedReason);
      throw appError(closed.code, closed.message);
    }
    return { supportId: id, queued: false };
  }
  if (worker.kind === "idle") await startWorker(ctx, eventId, worker, QUEUE_SETTLE_MS);
  return { supportId: id, queued: true };
}

/**
 * Whether a support of an event with an idle worker is applied as it is taken: the worker went
 * idle and the event's total last changed at least QUEUE_SETTLE_MS ago, and no row waits ahead
 * of this one (an idle worker with rows left is restarted instead). The last change is read
 * from the event's timeline, which the support then writes: two supports racing for the same
 * quiet moment conflict there, and the one retried finds the moment gone and queues. Nothing
 * every support reads is written, so a busy event's supports never conflict with a quiet one's.
 */
async function isQuiet(
  ctx: QueryCtx,
  eventId: Id<"events">,
  worker: Extract<WorkerState, { kind: "idle" }>,
  now: number,
  rowId: QueuedSupportId,
): Promise<boolean> {
  if (now < worker.quietFrom) return false;
  const lastChange = await lastChangeAt(ctx, eventId);
  if (lastChange !== null && now < lastChange + QUEUE_SETTLE_MS) return false;
  return (await pendingRows(ctx, eventId).first())?._id === rowId;
}

/**
 * One turn of the event's worker: applies the next batch of rows old enough, then schedules
 * the next turn (at once for a full batch, when the next row is old enough otherwise), or goes
 * idle when the queue is empty. A turn of a generation that was replaced does nothing. Every
 * step is idempotent: a row is applied once, as its status says.
 */
export async function workQueue(ctx: MutationCtx, eventId: Id<"events">, generation: number, now: number = Date.now()): Promise<void> {
  const state = await workerState(ctx, eventId);
  if (state.kind === "idle" || state.generation !== generation) return;
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
  await applyQueued(ctx, eventId, rows, null);
  if (rows.length === QUEUE_BATCH_SIZE) {
    await continueWorker(ctx, eventId, state, { kind: "running", delayMs: 0 });
    return;
  }
  const next = await pendingRows(ctx, eventId).first();
  if (next !== null) {
    // At least 1 ms on: a turn at the same instant would find the same rows too young.
    const delayMs = Math.max(1, Math.ceil(next._creationTime + QUEUE_SETTLE_MS - now));
    await continueWorker(ctx, eventId, state, { kind: "scheduled", delayMs });
    return;
  }
  await setWorkerState(ctx, eventId, { kind: "idle", generation, quietFrom: now });
}

/**
 * Applies up to one batch of the event's pending rows whatever their age (settlement and
 * cancellation, which must see the queue empty first). Returns whether rows remain.
 */
export async function drainQueue(ctx: MutationCtx, eventId: Id<"events">): Promise<boolean> {
  const rows = await pendingRows(ctx, eventId).take(QUEUE_BATCH_SIZE);
  await applyQueued(ctx, eventId, rows, null);
  return (await pendingRows(ctx, eventId).first()) !== null;
}

/**
 * Whether a row goes in, against the event as the rows before it left it. The row's own time
 * decides "started" (a support made before the date counts). The one place a row's fate is
 * decided: a new reason to refuse a support when it comes up belongs here.
 */
export function decideRow(event: Doc<"events">, at: number): { apply: true } | { apply: false; closedReason: SupportClosedReason } {
  const closedReason = supportClosedReason(event, at);
  return closedReason === null ? { apply: true } : { apply: false, closedReason };
}

/**
 * Applies rows in order against the event's exact running total: each goes in (contribution,
 * supporter total, ticket) and learns whether it reached the goal, or goes back to the wallet
 * with the reason supporting had closed. The event and its timeline are written once. `at`:
 * the time of a support applied as it is taken (else each row's own creation time decides).
 */
async function applyQueued(ctx: MutationCtx, eventId: Id<"events">, rows: QueuedRow[], at: number | null): Promise<RowDecision[]> {
  if (rows.length === 0) return [];
  const event = await ctx.db.get("events", eventId);
  if (event === null) throw new Error(`queued supports for a missing event ${eventId}`);
  let current = event;
  const decisions: RowDecision[] = [];
  const purchases = purchaseDecider(ctx);
  const rewards = rewardDecider(ctx);
  for (const row of rows) {
    const { eventId, userId, amountCents, purchaseId, rewardId, answer, feeCents, feePaidByBuyer } = row;
    const choice = rewardId === undefined ? undefined : { rewardId, ...(answer === undefined ? {} : { answer }) };
    const fee = { ...(feeCents === undefined ? {} : { feeCents }), ...(feePaidByBuyer === undefined ? {} : { feePaidByBuyer }) };
    const fields = { eventId, userId, amountCents, ...(purchaseId === undefined ? {} : { purchaseId }), ...choice, ...fee };
    if (purchaseId !== undefined) {
      const verdict = await purchases.decide(current, purchaseId, at ?? row._creationTime);
      if (!verdict.ok) {
        decisions.push(await refundRow(ctx, row, fields, { refusal: verdict.refusal }));
        continue;
      }
      decisions.push({ apply: true });
      const before = current;
      const { event: after, contributionId } = await addContribution(ctx, current, userId, amountCents, undefined, fee);
      // Kept on the purchase: a buyer who cancels takes exactly this money back out of the ledger.
      await ctx.db.patch("ticketPurchases", purchaseId, { contributionId });
      current = { ...after, ticketsGenerated: after.ticketsGenerated + verdict.ticketCodes.length };
      // Purchases go on past the goal: only the one that crossed it reached it.
      await ctx.db.replace("queuedSupports", row._id, {
        ...fields,
        status: "applied",
        goalReached: !goalReached(before) && goalReached(current),
      });
      continue;
    }
    const decision = decideRow(current, at ?? row._creationTime);
    if (!decision.apply) {
      decisions.push(await refundRow(ctx, row, fields, { closedReason: decision.closedReason }));
      continue;
    }
    // A limited reward is decided in the event's order, like a ticket type: the late supporter's money goes back.
    const taken = choice === undefined ? ({ ok: true } as const) : await rewards.take({ ...choice, amountCents });
    if (!taken.ok) {
      decisions.push(await refundRow(ctx, row, fields, { refusal: taken.refusal }));
      continue;
    }
    decisions.push(decision);
    const { event: after, ticketCode, contributionId } = await addContribution(ctx, current, userId, amountCents, choice, fee);
    await emailSupportReceipt(ctx, current, userId, { contributionId, amountCents, at: at ?? row._creationTime, ...choice });
    current = after;
    await ctx.db.replace("queuedSupports", row._id, {
      ...fields,
      status: "applied",
      goalReached: goalReached(current),
      ...(ticketCode === null ? {} : { ticketCode }),
    });
  }
  await purchases.flush();
  await rewards.flush();
  if (current === event) return decisions;
  await writeEvent(ctx, eventId, {
    raisedCents: current.raisedCents,
    ticketsGenerated: current.ticketsGenerated,
    uniqueSupporters: current.uniqueSupporters,
  });
  await recordSupport(ctx, eventId, current.raisedCents, at ?? Date.now());
  if (isConcluded(current)) await closeGate(ctx, eventId, "concluded");
  return decisions;
}

/** What a queued row keeps once decided: who gave how much to which event, for what. */
type RowFields = Pick<
  QueuedRow,
  "eventId" | "userId" | "amountCents" | "purchaseId" | "rewardId" | "answer" | "feeCents" | "feePaidByBuyer"
>;

/**
 * A row that does not go in: its money back to the supporter's wallet, and why on the row
 * (the supporter's outcome reads it there).
 */
async function refundRow(
  ctx: MutationCtx,
  row: QueuedRow,
  fields: RowFields,
  why: { closedReason: SupportClosedReason } | { refusal: string },
): Promise<RowDecision> {
  const buyerFee = buyerFeeOf(row);
  await changeWallet(ctx, row.userId, {
    kind: "refund",
    amountCents: row.amountCents + buyerFee,
    eventId: row.eventId,
    ...(buyerFee > 0 ? { feeCents: buyerFee } : {}),
  });
  await ctx.db.replace("queuedSupports", row._id, { ...fields, status: "refunded", ...why });
  return { apply: false, ...why };
}

/** A support's outcome, for its supporter only (null for anyone else or an unknown id). */
export async function outcomeOf(ctx: QueryCtx, userId: Id<"users">, id: QueuedSupportId): Promise<SupportOutcome | null> {
  const row = await ctx.db.get("queuedSupports", id);
  // A ticket purchase tells its buyer through ticketPurchases:outcome.
  if (row === null || row.userId !== userId || row.purchaseId !== undefined) return null;
  const { amountCents } = row;
  if (row.status === "pending") return { status: "pending", amountCents };
  if (row.status === "applied") return { status: "applied", amountCents, goalReached: row.goalReached, ticketCode: row.ticketCode ?? null };
  if ("refusal" in row) return { status: "refunded", amountCents, refusal: row.refusal };
  return { status: "refunded", amountCents, closedReason: row.closedReason };
}
