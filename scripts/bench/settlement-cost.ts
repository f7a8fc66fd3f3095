import { performance } from "node:perf_hooks";
import { internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { insertEvent } from "../../convex/model/events/writer";
import { REFUND_BATCH_SIZE } from "../../convex/model/settlement/settle";
import { newBackend, type Backend } from "./convex-backend";
import { insertUser } from "./fill";

const SUPPORTERS = 100;
const CONTRIBUTIONS_EACH = 100;
const AMOUNT_CENTS = 50;

export type SettlementCost = {
  contributions: number;
  tickets: number;
  transactions: number;
  /** Wall time of every settlement transaction added up (convex-test's engine, this machine). */
  totalMs: number;
  documentsRead: number;
  maxDocumentsReadPerTransaction: number;
  bytesRead: number;
};

type Step = { ms: number; documentsRead: number; bytesRead: number };

/**
 * A ticketed event with 10,000 contributions (and as many tickets) that failed its goal,
 * settled at its date: the refund runs in batches of REFUND_BATCH_SIZE, each scheduling the
 * next. We run each scheduled batch ourselves, inside a wrapper that reads convex-test's
 * transaction metrics around it (scheduled functions run as their own transactions, whose
 * metrics cannot be read from outside), with Convex's limits enforced.
 */
export async function measureSettlement(): Promise<SettlementCost> {
  const t = await newBackend();
  const eventId = await fillFailedEvent(t);
  const steps: Step[] = [];
  // Hold back convex-test's timers for scheduled functions, so the bench runs each one instead.
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = (() => 0) as unknown as typeof setTimeout;
  try {
    steps.push(await measured(t, null, { eventId }));
    for (;;) {
      const next = await t.run(async (ctx) => {
        const jobs = await ctx.db.system.query("_scheduled_functions").collect();
        return jobs.find((job) => job.state.kind === "pending" && job.name.includes("refundBatch")) ?? null;
      });
      if (next === null) break;
      steps.push(await measured(t, next._id, next.args[0] as RefundArgs));
    }
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }

  const settled = await t.run(async (ctx) => {
    const event = await ctx.db.get("events", eventId);
    const tickets = await ctx.db.query("tickets").collect();
    return { event, cancelled: tickets.filter((ticket) => ticket.status === "cancelled").length };
  });
  const contributions = SUPPORTERS * CONTRIBUTIONS_EACH;
  if (settled.event?.refundedCents !== contributions * AMOUNT_CENTS || settled.cancelled !== contributions) {
    throw new Error("the settlement did not refund every contribution and cancel every ticket");
  }
  const expectedTransactions = 1 + 2 * Math.ceil(contributions / REFUND_BATCH_SIZE);
  if (steps.length !== expectedTransactions) throw new Error(`${steps.length} transactions, expected ${expectedTransactions}`);
  return {
    contributions,
    tickets: contributions,
    transactions: steps.length,
    totalMs: steps.reduce((sum, step) => sum + step.ms, 0),
    documentsRead: steps.reduce((sum, step) => sum + step.documentsRead, 0),
    maxDocumentsReadPerTransaction: Math.max(...steps.map((step) => step.documentsRead)),
    bytesRead: steps.reduce((sum, step) => sum + step.bytesRead, 0),
  };
}

type RefundArgs = { eventId: Id<"events">; phase: "contributions" | "tickets"; cursor: string | null };

/** Runs the settlement (job null) or a scheduled batch in place of the scheduler, measured. */
function measured(t: Backend, job: Id<"_scheduled_functions"> | null, args: RefundArgs | { eventId: Id<"events"> }): Promise<Step> {
  return t.mutation(async (ctx) => {
    if (job !== null) await ctx.scheduler.cancel(job);
    const before = await ctx.meta.getTransactionMetrics();
    const started = performance.now();
    if (job === null) await ctx.runMutation(internal.settlement.settle, args as { eventId: Id<"events"> });
    else await ctx.runMutation(internal.settlement.refundBatch, args as RefundArgs);
    const elapsed = performance.now() - started;
    const after = await ctx.meta.getTransactionMetrics();
    return {
      ms: elapsed,
      documentsRead: after.documentsRead.used - before.documentsRead.used,
      bytesRead: after.bytesRead.used - before.bytesRead.used,
    };
  });
}

/** The rows supports:support writes, written directly (10,000 calls would take minutes). */
async function fillFailedEvent(t: Backend): Promise<Id<"events">> {
  const creatorId = await insertUser(t, "Organizadora");
  const eventId = await t.run((ctx) =>
    insertEvent(ctx, creatorId, {
      name: "Festival Sem Meta",
      category: "Música",
      startsAt: Date.now() - 1_000, // its date has come
      goalCents: 100_000_000,
      minSupportCents: AMOUNT_CENTS,
      goalPercentage: 100,
      isTicketed: true,
    }),
  );
  for (let s = 0; s < SUPPORTERS; s++) {
    const userId = await insertUser(t, `Apoiador ${s}`);
    await t.run(async (ctx) => {
      let balance = 5_000;
      for (let i = 0; i < CONTRIBUTIONS_EACH; i++) {
        balance -= AMOUNT_CENTS;
        await ctx.db.insert("contributions", { eventId, userId, amountCents: AMOUNT_CENTS });
        await ctx.db.insert("walletEntries", { userId, kind: "support", amountCents: -AMOUNT_CENTS, eventId, balanceAfterCents: balance });
        await ctx.db.insert("tickets", {
          eventId,
          userId,
          eventName: "Festival Sem Meta",
          code: `B${s}X${i}`.padEnd(9, "0"),
          issuedAt: Date.now(),
        });
      }
      await ctx.db.patch("users", userId, { walletCents: balance });
      await ctx.db.insert("supporters", { eventId, userId, amountCents: AMOUNT_CENTS * CONTRIBUTIONS_EACH });
    });
  }
  const contributions = SUPPORTERS * CONTRIBUTIONS_EACH;
  await t.run((ctx) =>
    ctx.db.patch("events", eventId, {
      raisedCents: contributions * AMOUNT_CENTS,
      uniqueSupporters: SUPPORTERS,
      ticketsGenerated: contributions,
    }),
  );
  return eventId;
}
