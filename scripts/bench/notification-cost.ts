import { performance } from "node:perf_hooks";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { insertEvent } from "../../convex/model/events/writer";
import { FAN_OUT_BATCH_SIZE, type FanOut } from "../../convex/model/notifications/fanOut";
import { attachToInternals, instrumentDatabase, NO_READ_RECORDER } from "../../local-backend/index.ts";
import { newBackend, type Backend } from "./convex-backend";
import { insertUser } from "./fill";
import { measureQuery, type Cost } from "./measure";

const SUPPORTERS = 10_000;

export type NotificationCost = {
  supporters: number;
  transactions: number;
  /** Wall time of every fan-out transaction added up (convex-test's engine, this machine). */
  totalMs: number;
  maxDocumentsReadPerTransaction: number;
  maxDocumentsWrittenPerTransaction: number;
  /** What the bell's query read for one of those supporters. */
  unreadCount: Cost & { result: number };
};

type Step = { ms: number; documentsRead: number; documentsWritten: number };

/**
 * A Novidade told to an event's 10,000 supporters: the fan-out runs in batches of
 * FAN_OUT_BATCH_SIZE, each scheduling the next. We run each scheduled batch ourselves inside a
 * wrapper that reads convex-test's transaction metrics around it, with Convex's limits enforced.
 * Plain convex-test reads every document of the database on each index read, which would make
 * 10,000 inbox look-ups take minutes; the local backend's real indexes answer the same reads
 * with the same results, so the seconds measured are the functions' own.
 */
export async function measureNotificationFanOut(): Promise<NotificationCost> {
  const t = await newBackend();
  const internals = await attachToInternals(t);
  for (const [component, { db }] of Object.entries(internals.components)) instrumentDatabase(component, db, NO_READ_RECORDER);
  const { eventId, supporterIds, updateId } = await fillEvent(t);

  const steps: Step[] = [];
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = (() => 0) as unknown as typeof setTimeout;
  try {
    let next: { job: Id<"_scheduled_functions"> | null; args: FanOut } | null = {
      job: null,
      args: { eventId, notice: { kind: "update", updateId, title: "Novidade para todos" }, skipUserId: null, cursor: null },
    };
    while (next !== null) {
      steps.push(await measured(t, next.job, next.args));
      next = await t.run(async (ctx) => {
        const jobs = await ctx.db.system.query("_scheduled_functions").collect();
        const job = jobs.find((j) => j.state.kind === "pending" && j.name.includes("fanOut"));
        return job === undefined ? null : { job: job._id, args: job.args[0] as FanOut };
      });
    }
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }

  const last = supporterIds.at(-1)!;
  const sessionId = await t.run((ctx) => ctx.db.insert("authSessions", { userId: last, expirationTime: Date.now() + 60 * 60 * 1000 }));
  const { result, cost } = await measureQuery(t.withIdentity({ subject: `${last}|${sessionId}` }), api.notifications.unreadCount, {});
  const told = await t.run(async (ctx) => (await ctx.db.query("notifications").collect()).length);
  if (told !== SUPPORTERS || result !== 1) throw new Error(`${told} notifications written, unread count ${result}`);
  const expected = Math.ceil(SUPPORTERS / FAN_OUT_BATCH_SIZE);
  if (steps.length !== expected) throw new Error(`${steps.length} transactions, expected ${expected}`);
  return {
    supporters: SUPPORTERS,
    transactions: steps.length,
    totalMs: steps.reduce((sum, step) => sum + step.ms, 0),
    maxDocumentsReadPerTransaction: Math.max(...steps.map((step) => step.documentsRead)),
    maxDocumentsWrittenPerTransaction: Math.max(...steps.map((step) => step.documentsWritten)),
    unreadCount: { ...cost, result },
  };
}

/** Runs the first batch (job null) or a scheduled one in place of the scheduler, measured. */
function measured(t: Backend, job: Id<"_scheduled_functions"> | null, args: FanOut): Promise<Step> {
  return t.mutation(async (ctx) => {
    if (job !== null) await ctx.scheduler.cancel(job);
    const before = await ctx.meta.getTransactionMetrics();
    const started = performance.now();
    await ctx.runMutation(internal.notifications.fanOut, args);
    const elapsed = performance.now() - started;
    const after = await ctx.meta.getTransactionMetrics();
    return {
      ms: elapsed,
      documentsRead: after.documentsRead.used - before.documentsRead.used,
      documentsWritten: after.documentsWritten.used - before.documentsWritten.used,
    };
  });
}

/** An event with SUPPORTERS supporters and one Novidade, written directly (10,000 supports through the API would take minutes). */
async function fillEvent(t: Backend) {
  const creatorId = await insertUser(t, "Organizadora");
  const eventId = await t.run((ctx) =>
    insertEvent(ctx, creatorId, {
      name: "Festival Avisado",
      category: "Música",
      startsAt: Date.now() + 7 * 24 * 60 * 60 * 1000,
      goalCents: 100_000_000,
      minSupportCents: 100,
      goalPercentage: 100,
      isTicketed: false,
    }),
  );
  const supporterIds: Id<"users">[] = [];
  for (let start = 0; start < SUPPORTERS; start += 1_000) {
    supporterIds.push(
      ...(await t.run(async (ctx) => {
        const ids: Id<"users">[] = [];
        for (let i = start; i < start + 1_000; i++) {
          const userId = await ctx.db.insert("users", { name: `Apoiador ${i}`, walletCents: 4_900 });
          await ctx.db.insert("supporters", { eventId, userId, amountCents: 100 });
          ids.push(userId);
        }
        return ids;
      })),
    );
  }
  const updateId = await t.run((ctx) =>
    ctx.db.insert("eventUpdates", { eventId, authorId: creatorId, title: "Novidade para todos", body: "Texto" }),
  );
  return { eventId, supporterIds, updateId };
}
