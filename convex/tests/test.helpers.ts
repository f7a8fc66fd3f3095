/**
 * Shared setup for the convex-test suites (the name has two dots, so Convex never deploys it).
 */
import { convexTest } from "convex-test";
import { ConvexError } from "convex/values";
import { expect, vi } from "vitest";
import type { Doc, Id, TableNames } from "../_generated/dataModel";
import { api } from "../_generated/api";
import { INITIAL_WALLET_CENTS } from "../model/shared/money";
import { isUnread } from "../model/notifications/inbox";
import { openWallet } from "../model/wallet/ledger";
import { closedRefusal } from "../model/shared/supportRefusal";
import { spendsOnEvent } from "../model/shared/statement";
import { supportClosedReason } from "../model/shared/lifecycle";
import { isConcluded } from "../model/shared/eventRules";
import { drainQueue, QUEUE_SETTLE_MS, workQueue } from "../model/supports/queue";
import { workerState } from "../model/supports/worker";
import { buyerFeeOf } from "../model/books/fees";
import { platformBalanceCents } from "../model/books/platformAccount";
import {
  addContributionRow,
  addDeposit,
  addPlatform,
  addPurgedBooks,
  addQueuedRow,
  addUser,
  addWalletEntry,
  addWithdrawal,
  booksDifference,
  EMPTY_TOTALS,
} from "../model/books/balance";
import schema from "../schema";
import { registerComponents } from "./test.components";
import { modules } from "./test.setup";
import { eventInput, type CreateEventArgs } from "../../test-kit/event-input";
import { DAY } from "../../test-kit/time";

// The shared test kit's time spans and event defaults, for the suites here.
export { DAY, HOUR, MINUTE, SECOND } from "../../test-kit/time";
export { eventInput, type CreateEventArgs };

export type Backend = ReturnType<typeof newBackend>;
export type Caller = ReturnType<Backend["withIdentity"]>;

/** A fresh backend; `transactionLimits: true` fails any call past Convex's per-transaction limits. */
export function newBackend({ transactionLimits = false }: { transactionLimits?: boolean } = {}) {
  const t = convexTest({ schema, modules, transactionLimits });
  registerComponents(t);
  return t;
}

/**
 * Runs every scheduled function that is due now, and those they schedule for now (refund
 * batches). Needs `vi.useFakeTimers()`; later ones (settlements at future dates) stay pending.
 */
export async function runDueFunctions(t: Backend) {
  await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0), 1_000);
}

/** Moves the fake clock forward by `ms`, running whatever falls due on the way. */
export async function advanceClock(t: Backend, ms: number) {
  vi.advanceTimersByTime(ms);
  await runDueFunctions(t);
}

/**
 * Inserts a user (with a wallet and its welcome entry, like one who signed in) and a sign-in
 * session, and returns a caller acting as them through that session.
 */
export async function signedInUser(
  t: Backend,
  { name = "Maria Silva", email, walletCents = INITIAL_WALLET_CENTS }: { name?: string; email?: string; walletCents?: number } = {},
): Promise<{ userId: Id<"users">; as: Caller }> {
  const { userId, sessionId } = await t.run(async (ctx) => {
    const id = await ctx.db.insert("users", { name, email: email ?? `${name.toLowerCase().replace(/\W+/g, ".")}@exemplo.com` });
    await openWallet(ctx, id, walletCents);
    const sessionId = await ctx.db.insert("authSessions", { userId: id, expirationTime: Date.now() + 30 * DAY });
    return { userId: id, sessionId };
  });
  return { userId, as: t.withIdentity({ subject: `${userId}|${sessionId}`, name }) };
}

/**
 * A support as its supporter lives it: `supports:support` queues it, the event's queue is
 * applied at once (what the worker's scheduled turn does), and its outcome comes back — the
 * result the page shows. A refusal at the door rejects as the mutation does; a support the
 * event closed on before it came up was refunded, and rejects with the closed-event error.
 */
export async function supportNow(
  t: Backend,
  caller: Caller,
  args: { eventId: string; amountCents: number; rewardId?: string; answer?: string },
) {
  const { supportId } = await caller.mutation(api.supports.support, args);
  await applyQueue(t, args.eventId as Id<"events">);
  const outcome = await caller.query(api.supports.outcome, { supportId });
  if (outcome === null || outcome.status === "pending") throw new Error(`support ${supportId} was not applied`);
  if (outcome.status === "refunded" && "refusal" in outcome) throw new ConvexError({ code: "REWARD_SOLD_OUT", message: outcome.refusal });
  if (outcome.status === "refunded") throw new ConvexError(closedRefusal(outcome.closedReason));
  return { goalReached: outcome.goalReached, ticketCode: outcome.ticketCode };
}

/**
 * Deletes an event as a deletion would, were there one: with its support gate, which the hot
 * paths (supports, heartbeats, chat) read instead of the event (model/supports/gates.ts).
 */
export async function deleteEvent(t: Backend, eventId: Id<"events">) {
  await t.run(async (ctx) => {
    await ctx.db.delete("events", eventId);
    const gate = await ctx.db
      .query("supportGates")
      .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
      .unique();
    if (gate !== null) await ctx.db.delete("supportGates", gate._id);
  });
}

/** Lets the support queues' workers take their turns: every support queued so far comes up. */
export async function workQueues(t: Backend) {
  for (let turn = 0; turn < 3; turn++) await advanceClock(t, QUEUE_SETTLE_MS);
}

/**
 * Applies every support queued for the event, whatever its age, a batch per transaction, and
 * leaves its worker idle. The worker's own turn, due QUEUE_SETTLE_MS after the support, would
 * find the queue empty and mark itself idle; without fake timers that write lands whenever the
 * machine gets to it (between a test's two snapshots on a busy one), so that turn is taken
 * here, in the worker's generation, and the late one then changes nothing. (A support of an
 * idle event is applied as it is taken and schedules no turn at all.)
 */
export async function applyQueue(t: Backend, eventId: Id<"events">) {
  while (await t.run((ctx) => drainQueue(ctx, eventId)));
  await t.run(async (ctx) => workQueue(ctx, eventId, (await workerState(ctx, eventId)).generation));
}

/** Creates an event through the public API as `creator`. */
export function createEvent(creator: Caller, overrides: Partial<CreateEventArgs> = {}) {
  return creator.mutation(api.events.create, eventInput(overrides));
}

/** Every row of a (small, test-sized) table. */
export function allRows<T extends TableNames>(t: Backend, table: T) {
  return t.run((ctx) => ctx.db.query(table).collect());
}

/** The ConvexError data a call rejected with (fails the test if it did not reject). */
export async function rejectionData(promise: Promise<unknown>): Promise<{ code: string; message: string; title?: string }> {
  try {
    await promise;
  } catch (error) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === "object" && data !== null) return data as { code: string; message: string; title?: string };
    throw error;
  }
  throw new Error("expected the call to be rejected");
}

/** Every row of every table of the schema (Convex Auth's included), to prove a refused call changed nothing. */
export async function snapshot(t: Backend) {
  const tables = Object.keys(schema.tables) as TableNames[];
  return t.run(async (ctx) =>
    Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await ctx.db.query(table).collect()]))),
  );
}

/** Statement lines of money the bank took back (model/wallet/owed.ts). */
const TAKE_BACK_KINDS = new Set(["depositReturned", "withdrawalReclaimed", "owedPaid"]);

const sum = (rows: { amountCents: number }[]) => rows.reduce((total, row) => total + row.amountCents, 0);
// What left a wallet for an event: the amount, and the service fee when its buyer paid it on top.
const paid = (rows: { amountCents: number; feeCents?: number; feePaidByBuyer?: true }[]) =>
  rows.reduce((total, row) => total + row.amountCents + buyerFeeOf(row), 0);

/** Every row the invariants read, and what follows from them: read once per check. */
async function invariantRows(t: Backend) {
  const users = await allRows(t, "users");
  const events = await allRows(t, "events");
  const contributions = await allRows(t, "contributions");
  const tickets = await allRows(t, "tickets");
  const supporters = await allRows(t, "supporters");
  const entries = await allRows(t, "walletEntries");
  const queued = await t.run((ctx) => ctx.db.query("queuedSupports").collect());
  const gates = await t.run((ctx) => ctx.db.query("supportGates").collect());
  const deposits = await allRows(t, "deposits");
  const withdrawals = await allRows(t, "withdrawals");
  const promoSpends = await allRows(t, "promoSpends");
  const purchases = await allRows(t, "ticketPurchases");
  const ticketTypes = await allRows(t, "ticketTypes");
  const ticketSales = await allRows(t, "ticketSales");
  const courtesyRows = await allRows(t, "courtesies");
  const waiting = await allRows(t, "waitingListEntries");
  const rewards = await allRows(t, "rewards");
  const rewardCounts = await allRows(t, "rewardCounts");
  // Queued supports not applied: still in the queue (money in flight), or refunded.
  const pending = queued.filter((row) => row.status === "pending");
  const refundedQueued = queued.filter((row) => row.status === "refunded");
  // Purchases their buyers cancelled: refunded at once, their contributions out of the ledger, their tickets cancelled.
  const cancelledPurchases = purchases.filter((row) => row.status === "cancelled");
  // Supports their supporters cancelled: the ticket cancelled, its contribution gone from the ledger.
  const cancelledSupportTickets = tickets.filter(
    (ticket) => ticket.contributionId !== undefined && !contributions.some((row) => row._id === ticket.contributionId),
  );
  const cancelledCodes = new Set([
    ...cancelledPurchases.flatMap((row) => row.ticketCodes ?? []),
    ...cancelledSupportTickets.map((ticket) => ticket.code),
  ]);

  return {
    users,
    events,
    contributions,
    tickets,
    supporters,
    entries,
    queued,
    gates,
    deposits,
    withdrawals,
    promoSpends,
    purchases,
    ticketTypes,
    ticketSales,
    courtesyRows,
    waiting,
    rewards,
    rewardCounts,
    pending,
    refundedQueued,
    cancelledPurchases,
    cancelledSupportTickets,
    cancelledCodes,
  };
}
type InvariantRows = Awaited<ReturnType<typeof invariantRows>>;

/**
 * Recomputes every total from the ledgers and compares it with what is stored (docs/data-model.md).
 * Call it when no refund batch is pending (after finishAllScheduledFunctions): a refund in
 * progress is consistent too, but not yet complete.
 */
export async function expectInvariants(t: Backend) {
  const rows = await invariantRows(t);
  expectWallets(rows);
  await expectMoneyConserved(t, rows);
  await expectBooksBalance(t);
  for (const event of rows.events) expectEventTotals(rows, event);
  expectPurchasesFollowTheQueue(rows);
  expectRewardCounts(rows);
  await expectUnreadCountsExact(t);
}

/** Each wallet: its entries, what it spent, got back, took in and out by PIX, and its bonus. */
function expectWallets(r: InvariantRows) {
  const { users, entries, contributions, queued, cancelledPurchases, refundedQueued, events, deposits, withdrawals, promoSpends } = r;
  for (const user of users) {
    const own = entries.filter((e) => e.userId === user._id); // in insertion (creation) order
    const wallet = user.walletCents ?? 0;
    expect(wallet).toBeGreaterThanOrEqual(0);
    expect(wallet).toBe(sum(own));
    expect(own.at(-1)?.balanceAfterCents ?? 0).toBe(wallet);
    // Every entry's balance follows from the one before it.
    own.reduce((before, entry) => {
      expect(entry.balanceAfterCents).toBe(before + entry.amountCents);
      return entry.balanceAfterCents;
    }, 0);
    const spent = contributions.filter((c) => c.userId === user._id);
    const notApplied = queued.filter((row) => row.userId === user._id && row.status !== "applied");
    const ownCancelled = cancelledPurchases.filter((row) => row.userId === user._id);
    const supportsCancelled = sum(own.filter((e) => e.kind === "supportCancelled"));
    expect(sum(own.filter((e) => spendsOnEvent(e.kind))) + paid(spent) + paid(notApplied) + paid(ownCancelled) + supportsCancelled).toBe(0);
    expect(sum(own.filter((e) => e.kind === "purchaseCancelled"))).toBe(paid(ownCancelled));
    expect(sum(own.filter((e) => e.kind === "refund"))).toBe(
      paid(spent.filter((c) => c.refundedAt !== undefined)) + paid(refundedQueued.filter((row) => row.userId === user._id)),
    );
    // A payout is what the event raised less the fee taken from it (absorbed tickets, supports).
    const paidOut = events.filter((e) => e.creatorId === user._id && e.settlement === "paidOut");
    expect(sum(own.filter((e) => e.kind === "payout"))).toBe(
      paidOut.reduce((total, e) => total + e.raisedCents - (e.payoutFeeCents ?? 0), 0),
    );
    // PIX: credited deposits, withdrawals (out when requested) and failed ones returned.
    const ownDeposits = deposits.filter((d) => d.userId === user._id);
    const ownWithdrawals = withdrawals.filter((w) => w.userId === user._id);
    expect(sum(own.filter((e) => e.kind === "deposit"))).toBe(
      sum(ownDeposits.filter((d) => d.status === "paid" || d.status === "returned")),
    );
    expect(sum(own.filter((e) => e.kind === "withdrawal")) + sum(ownWithdrawals)).toBe(0);
    expect(sum(own.filter((e) => e.kind === "withdrawalReturned"))).toBe(
      sum(ownWithdrawals.filter((w) => w.status === "failed" || w.paidAfterReturn === true)),
    );
    // Money the bank took back is debited or owed, to the cent; what is owed is never negative.
    const takenBack =
      sum(ownDeposits.filter((d) => d.status === "returned")) + sum(ownWithdrawals.filter((w) => w.paidAfterReturn === true));
    expect(user.owedCents ?? 0).toBeGreaterThanOrEqual(0);
    expect((user.owedCents ?? 0) - sum(own.filter((e) => TAKE_BACK_KINDS.has(e.kind)))).toBe(takenBack);
    expect(ownWithdrawals.filter((w) => w.status === "processing").length).toBeLessThanOrEqual(1);
    // The welcome bonus is never withdrawable: what a person got as bonus (their welcome, the
    // bonus part of their payouts) is in the wallet as promotional money or was spent on events
    // (promoSpends; a paid-out event passed it on to its creator as bonus), to the cent; the
    // wallet's promotional part is the sum of its entries' promotional parts.
    if (user.promoCents !== undefined) {
      expect(user.promoCents).toBeGreaterThanOrEqual(0);
      expect(user.promoCents).toBeLessThanOrEqual(wallet);
      const spentOnEvents = sum(promoSpends.filter((row) => row.userId === user._id).map((row) => ({ amountCents: row.promoCents })));
      const promoOf = (rows: typeof own) => rows.reduce((total, e) => total + (e.promoCents ?? 0), 0);
      expect(user.promoCents + spentOnEvents).toBe(
        sum(own.filter((e) => e.kind === "welcome")) + promoOf(own.filter((e) => e.kind === "payout")),
      );
      if (own.every((e) => e.promoCents !== undefined)) expect(promoOf(own)).toBe(user.promoCents);
    }
  }
}

async function expectMoneyConserved(t: Backend, r: InvariantRows) {
  const { users, events, contributions, entries, deposits, withdrawals, pending } = r;
  // Money is conserved: what wallets hold, what unsettled events hold and what is still in the
  // support queues is what was given, plus what came in by PIX, less what went out.
  const held =
    events.filter((e) => e.settlement !== "paidOut").reduce((total, e) => total + e.raisedCents - (e.refundedCents ?? 0), 0) +
    contributions
      .filter((c) => c.refundedAt === undefined && events.find((e) => e._id === c.eventId)?.settlement !== "paidOut")
      .reduce((total, c) => total + buyerFeeOf(c), 0);
  const platform = await t.run((ctx) => platformBalanceCents(ctx));
  const given =
    sum(entries.filter((e) => e.kind === "welcome" || e.kind === "opening")) +
    sum(deposits.filter((d) => d.status === "paid" || d.status === "returned")) -
    sum(withdrawals) +
    sum(withdrawals.filter((w) => w.status === "failed" || w.paidAfterReturn === true)) +
    sum(entries.filter((e) => TAKE_BACK_KINDS.has(e.kind)));
  expect(users.reduce((total, u) => total + (u.walletCents ?? 0), 0) + held + paid(pending) + platform).toBe(given);
}

/** An event's stored totals and counters, from its contributions, tickets and queue. */
function expectEventTotals(r: InvariantRows, event: Doc<"events">) {
  const {
    contributions,
    gates,
    pending,
    queued,
    cancelledPurchases,
    cancelledSupportTickets,
    tickets,
    supporters,
    promoSpends,
    cancelledCodes,
  } = r;
  const rows = contributions.filter((c) => c.eventId === event._id);
  // The gate says supporting closed exactly when the event says so (once its queue is empty:
  // a settlement closes the gate first, then applies what is queued).
  const gate = gates.find((row) => row.eventId === event._id);
  if (gate !== undefined && !pending.some((row) => row.eventId === event._id)) {
    expect(gate.closed ?? null).toBe(supportClosedReason(event, null));
  }
  // Applied queued supports are contributions; none was applied after the event closed.
  const applied = queued.flatMap((row) => (row.eventId === event._id && row.status === "applied" ? [row] : []));
  const appliedThenCancelled = applied.filter((row) => cancelledPurchases.some((purchase) => purchase._id === row.purchaseId));
  const supportsCancelledHere = cancelledSupportTickets.filter((ticket) => ticket.eventId === event._id).length;
  expect(applied.length - appliedThenCancelled.length - supportsCancelledHere).toBeLessThanOrEqual(rows.length);
  expect(applied.filter((row) => row.goalReached).length).toBeLessThanOrEqual(1);
  // A transferred ticket's replacement is the same unit, not one more issued.
  const ownTickets = tickets.filter((ticket) => ticket.eventId === event._id && ticket.transferredFromId === undefined);
  expect(event.raisedCents).toBe(sum(rows));
  // Paid out: it concluded, or it is `Flexível` and raised something (even below its goal).
  if (event.settlement === "paidOut") expect(isConcluded(event) || (event.fundingMode === "flexible" && event.raisedCents > 0)).toBe(true);
  const refunding = event.settlement === "refunded" || event.settlement === "cancelled";
  expect(event.refundedCents ?? 0).toBe(refunding ? event.raisedCents : 0);
  expect(rows.every((c) => (c.refundedAt !== undefined) === refunding)).toBe(true);
  expect(ownTickets.every((ticket) => (ticket.status === "cancelled") === (refunding || cancelledCodes.has(ticket.code)))).toBe(true);
  expect(event.uniqueSupporters).toBe(new Set(rows.map((c) => c.userId)).size);
  const running = supporters.filter((s) => s.eventId === event._id);
  expect(running).toHaveLength(event.uniqueSupporters);
  for (const supporter of running) {
    expect(supporter.amountCents).toBe(sum(rows.filter((c) => c.userId === supporter.userId)));
  }
  expect(event.ticketsGenerated).toBe(ownTickets.length);
  // A payout's bonus part is what its supporters spent of their bonus on it.
  if (event.payoutPromoCents !== undefined) {
    const spentAsBonus = promoSpends.filter((row) => row.eventId === event._id).reduce((total, row) => total + row.promoCents, 0);
    expect(event.payoutPromoCents).toBe(Math.min(spentAsBonus, event.raisedCents - (event.payoutFeeCents ?? 0)));
    // Its fees: those taken from the payout, and every fee of its contributions, to the platform.
    const fees = (rows: typeof contributions) => rows.reduce((total, c) => total + (c.feeCents ?? 0), 0);
    expect(event.platformFeeCents ?? 0).toBe(fees(rows));
    expect(event.payoutFeeCents ?? 0).toBe(fees(rows) - rows.reduce((total, c) => total + buyerFeeOf(c), 0));
  }
  const received = tickets.filter((ticket) => ticket.eventId === event._id && ticket.transferredFromId !== undefined);
  expect(event.ticketsUsed ?? 0).toBe([...ownTickets, ...received].filter((ticket) => ticket.status === "used").length);
  // The seats given back: cancelled tickets that held their seat (not one handed on to a replacement).
  const seatsCancelled = [...ownTickets, ...received].filter(
    (ticket) => ticket.status === "cancelled" && ticket.transferredToTicketId === undefined,
  );
  if (event.ticketsCancelled !== undefined) expect(event.ticketsCancelled).toBe(seatsCancelled.length);
  // A ticket moves once: each received ticket replaces a transferred one that points back at it.
  for (const ticket of received) {
    const given = ownTickets.find((row) => row._id === ticket.transferredFromId);
    expect(given?.transferredToTicketId).toBe(ticket._id);
    expect(ticket.status === "cancelled").toBe(refunding);
  }
  if (event.hasTicketTypes === true) expectTicketTypeSales(r, event, ownTickets);
  else expect(event.ticketsGenerated).toBe(event.isTicketed ? rows.length + supportsCancelledHere : 0);
}

/** An event sold through ticket types: its tickets, cortesias and waiting-list holds against each type's sales. */
function expectTicketTypeSales(r: InvariantRows, event: Doc<"events">, ownTickets: Doc<"tickets">[]) {
  const { purchases, courtesyRows, ticketSales, ticketTypes, cancelledCodes, waiting } = r;
  // Sold through ticket types: a ticket per unit issued; no type sells past its quantity, nor meia past its share.
  const issued = purchases.filter((row) => row.eventId === event._id && (row.status === "issued" || row.status === "cancelled"));
  // Cortesias: a ticket each once delivered; each counted in its type's inteira at once (model/tickets/courtesies.ts).
  const courtesies = courtesyRows.filter((row) => row.eventId === event._id);
  const delivered = courtesies.filter((row) => row.ticketId !== undefined).length;
  expect(ownTickets.filter((ticket) => ticket.courtesy === true).length).toBe(delivered);
  expect(event.ticketsGenerated).toBe(issued.reduce((total, row) => total + row.units, 0) + delivered);
  for (const sales of ticketSales.filter((row) => row.eventId === event._id)) {
    const type = ticketTypes.find((row) => row._id === sales.typeId)!;
    const typeTickets = ownTickets.filter((ticket) => ticket.typeId === type._id && !cancelledCodes.has(ticket.code));
    expect(sales.meiaSold).toBeLessThanOrEqual(type.meiaQuantity);
    expect(sales.inteiraSold).toBeLessThanOrEqual(type.quantity - type.meiaQuantity);
    // A unit the waiting list holds (or whose purchase from a hold is still queued) is taken without a ticket yet.
    const held = (meia: boolean) =>
      waiting
        .filter((row) => row.typeId === type._id && row.meia === meia && row.status === "held")
        .reduce((n, row) => n + row.heldUnits!, 0) +
      purchases
        .filter(
          (row) =>
            row.typeId === type._id && row.holdId !== undefined && row.status === "pending" && (row.meiaCategory !== undefined) === meia,
        )
        .reduce((n, row) => n + row.units, 0);
    expect(typeTickets.filter((ticket) => ticket.meiaCategory !== undefined).length + held(true)).toBe(sales.meiaSold);
    const typeCourtesies = courtesies.filter((row) => row.typeId === type._id);
    expect(sales.courtesies ?? 0).toBe(typeCourtesies.length);
    const awaiting = typeCourtesies.filter((row) => row.ticketId === undefined).length;
    expect(typeTickets.filter((ticket) => ticket.meiaCategory === undefined).length + held(false) + awaiting).toBe(sales.inteiraSold);
  }
}

function expectPurchasesFollowTheQueue(r: InvariantRows) {
  const { queued, purchases, tickets } = r;
  // A purchase was issued exactly when its queued row was applied.
  for (const row of queued.filter((row) => row.purchaseId !== undefined)) {
    const purchase = purchases.find((p) => p._id === row.purchaseId)!;
    const cancelled = purchase.status === "cancelled" && row.status === "applied";
    expect(cancelled ? "cancelled" : { pending: "pending", applied: "issued", refunded: "refunded" }[row.status]).toBe(purchase.status);
    expect(purchase.amountCents).toBe(row.amountCents);
  }
  expect(new Set(tickets.map((ticket) => ticket.code)).size).toBe(tickets.length);
}

function expectRewardCounts(r: InvariantRows) {
  const { rewards, rewardCounts, contributions } = r;
  // A reward's count is the supports that hold it (not refunded); a limited one never goes past
  // its quantity and reads sold out exactly when it is all taken.
  for (const reward of rewards) {
    const taken = rewardCounts.find((row) => row.rewardId === reward._id)?.taken ?? 0;
    expect(taken).toBe(contributions.filter((c) => c.rewardId === reward._id && c.refundedAt === undefined).length);
    if (reward.quantity !== undefined) expect(taken).toBeLessThanOrEqual(reward.quantity);
    expect(reward.soldOut === true).toBe(reward.quantity !== undefined && taken >= reward.quantity);
  }
  for (const contribution of contributions.filter((c) => c.rewardId !== undefined)) {
    expect(rewards.find((reward) => reward._id === contribution.rewardId)?.eventId).toBe(contribution.eventId);
  }
}

/**
 * The books balance (model/books/balance.ts): PIX in + welcome − PIX out = wallets + events +
 * the platform's account + in flight, to the cent; and the platform's balance is its statement's
 * sum and the fees of the events it was paid for.
 */
export async function expectBooksBalance(t: Backend) {
  // A transaction a table: the whole ledger in one would pass Convex's per-transaction read limit,
  // which the scale tests turn on (nothing else runs meanwhile, so the sums still agree).
  let totals = EMPTY_TOTALS;
  totals = await t.run(async (ctx) => (await ctx.db.query("users").collect()).reduce(addUser, totals));
  totals = await t.run(async (ctx) => (await ctx.db.query("walletEntries").collect()).reduce(addWalletEntry, totals));
  totals = await t.run(async (ctx) => (await ctx.db.query("deposits").collect()).reduce(addDeposit, totals));
  totals = await t.run(async (ctx) => (await ctx.db.query("withdrawals").collect()).reduce(addWithdrawal, totals));
  totals = await t.run(async (ctx) => (await ctx.db.query("queuedSupports").collect()).reduce(addQueuedRow, totals));
  totals = await t.run(async (ctx) => (await ctx.db.query("purgedBooks").collect()).reduce(addPurgedBooks, totals));
  totals = await t.run(async (ctx) => {
    const events = new Map<string, Doc<"events"> | null>();
    let sums = totals;
    for (const row of await ctx.db.query("contributions").collect()) {
      if (!events.has(row.eventId)) events.set(row.eventId, await ctx.db.get("events", row.eventId));
      sums = addContributionRow(sums, row, events.get(row.eventId) ?? null);
    }
    return addPlatform(sums, await platformBalanceCents(ctx));
  });
  expect(booksDifference(totals), JSON.stringify(totals)).toBe(0);
  const { entries, events } = await t.run(async (ctx) => ({
    entries: await ctx.db.query("platformEntries").collect(),
    events: await ctx.db.query("events").collect(),
  }));
  expect(entries.reduce((total, row) => total + row.amountCents, 0)).toBe(totals.platformCents);
  expect(events.reduce((total, event) => total + (event.platformFeeCents ?? 0), 0)).toBe(totals.platformCents);
}

/** Every inbox's unread count equals the number of its owner's unread notifications. */
export async function expectUnreadCountsExact(t: Backend) {
  const { inboxes, rows } = await t.run(async (ctx) => ({
    inboxes: await ctx.db.query("notificationInboxes").collect(),
    rows: await ctx.db.query("notifications").collect(),
  }));
  for (const inbox of inboxes) {
    const own = rows.filter((row) => row.userId === inbox.userId && isUnread(row, inbox));
    expect(inbox.unread, `unread count of ${inbox.userId}`).toBe(own.length);
  }
  const owners = new Set(inboxes.map((inbox) => inbox.userId));
  expect(rows.every((row) => owners.has(row.userId))).toBe(true);
}
