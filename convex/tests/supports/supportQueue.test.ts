import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { MESSAGES } from "../../model/shared/texts";
import { QUEUE_BATCH_SIZE, QUEUE_SETTLE_MS } from "../../model/supports/queue";
import { RECOVERY_INTERVAL_SECONDS, stateOfRow, STUCK_AFTER_MS } from "../../model/supports/worker";
import {
  advanceClock,
  createEvent,
  DAY,
  expectInvariants,
  newBackend,
  rejectionData,
  signedInUser,
  type Backend,
  type Caller,
  workQueues,
} from "../test.helpers";
import { expectQueueDrains, expectRewardCapacities } from "../test.queueDrain";

// The test hook: the next `turns` worker turns throw after doing their work (so it is rolled back).
const failures = vi.hoisted(() => ({ turns: 0 }));
vi.mock("../../model/supports/queue", async (importOriginal) =>
  (await import("../test.workerFailures")).withFailingTurns(await importOriginal(), failures),
);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  failures.turns = 0;
});

async function people(t: Backend, count: number) {
  return Promise.all(Array.from({ length: count }, (_, i) => signedInUser(t, { name: `Pessoa ${i}` })));
}

async function queue(caller: Caller, eventId: Id<"events">, amountCents: number) {
  return (await caller.mutation(api.supports.support, { eventId, amountCents })).supportId;
}

const outcome = (caller: Caller, supportId: string) => caller.query(api.supports.outcome, { supportId });

describe("the per-event support queue", () => {
  test("applies a quiet event's support at once; the ones right after it queue and are applied in one batch", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const eventId = await createEvent(creator.as, { goalCents: 100_000, minSupportCents: 100, isTicketed: true });
    const fans = await people(t, 10);
    // The first support of a quiet event goes in as it is taken: no settle wait.
    const first = await queue(fans[0]!.as, eventId, 100);
    expect(await outcome(fans[0]!.as, first)).toMatchObject({ status: "applied", amountCents: 100, goalReached: false });
    const eventBefore = await t.run((ctx) => ctx.db.get("events", eventId));
    expect(eventBefore!.raisedCents).toBe(100);
    // Nine more in a row, as concurrent ones would land: each debits its wallet at once and waits.
    const rest = await Promise.all(fans.slice(1).map((fan, i) => queue(fan.as, eventId, 100 * (i + 2))));
    const ids = [first, ...rest];
    expect(await t.run((ctx) => ctx.db.get("events", eventId))).toEqual(eventBefore);
    expect(await outcome(fans[1]!.as, ids[1]!)).toEqual({ status: "pending", amountCents: 200 });
    expect((await fans[1]!.as.query(api.users.me, {}))!.walletCents).toBe(5_000 - 200);
    await expectInvariants(t); // the money in flight is counted

    await workQueues(t);
    const event = (await t.run((ctx) => ctx.db.get("events", eventId)))!;
    expect(event.raisedCents).toBe(100 * 55);
    expect(event.uniqueSupporters).toBe(10);
    expect(event.ticketsGenerated).toBe(10);
    const results = await Promise.all(fans.map((fan, i) => outcome(fan.as, ids[i]!)));
    for (const result of results)
      expect(result).toMatchObject({ status: "applied", goalReached: false, ticketCode: expect.stringMatching(/^[A-Z0-9]{9}$/) });
    // Someone else's support id tells nothing.
    expect(await outcome(fans[1]!.as, ids[0]!)).toBeNull();
    // One timeline point for the batch, with the batch's total.
    const timeline = await t.query(api.events.timeline, { id: eventId });
    expect(timeline!.points.at(-1)!.raisedCents).toBe(100 * 55);
    await expectInvariants(t);
  });

  test("a quiet event's support writes no worker state (every support reads it); quiet again QUEUE_SETTLE_MS after its last change", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const eventId = await createEvent(creator.as, { goalCents: 100_000, minSupportCents: 100 });
    const [ana, bia, caio] = await people(t, 3);
    const workers = async () => (await t.run((ctx) => ctx.db.query("supportWorkers").collect())).map(stateOfRow);

    await queue(ana!.as, eventId, 100);
    expect(await workers()).toEqual([]);
    // Right after it the event counts as busy: the next support queues and starts the worker.
    const queued = await queue(bia!.as, eventId, 100);
    expect(await outcome(bia!.as, queued)).toEqual({ status: "pending", amountCents: 100 });
    expect(await workers()).toEqual([{ kind: "scheduled", generation: 1 }]);
    await workQueues(t);
    await advanceClock(t, QUEUE_SETTLE_MS);
    const idle = await workers();
    expect(idle).toMatchObject([{ kind: "idle", generation: 1 }]);

    const quiet = await queue(caio!.as, eventId, 100);
    expect(await outcome(caio!.as, quiet)).toMatchObject({ status: "applied" });
    expect(await workers()).toEqual(idle);
    expect((await t.run((ctx) => ctx.db.get("events", eventId)))!.raisedCents).toBe(300);
    await expectInvariants(t);
  });

  test("reaches the goal exactly once, and refunds the supports queued after it", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const eventId = await createEvent(creator.as, { goalCents: 1_000, minSupportCents: 100 });
    const fans = await people(t, 5);
    const ids: string[] = [];
    for (const fan of fans) ids.push(await queue(fan.as, eventId, 400));
    await workQueues(t);

    const results = await Promise.all(fans.map((fan, i) => outcome(fan.as, ids[i]!)));
    expect(results.map((result) => result!.status)).toEqual(["applied", "applied", "applied", "refunded", "refunded"]);
    expect(results.filter((result) => result!.status === "applied" && result!.goalReached)).toHaveLength(1);
    expect(results[2]).toMatchObject({ goalReached: true });
    expect(results[3]).toEqual({ status: "refunded", amountCents: 400, closedReason: "concluded" });
    // The refunded ones have their money back, with a statement entry for it.
    expect((await fans[4]!.as.query(api.users.me, {}))!.walletCents).toBe(5_000);
    const event = (await t.run((ctx) => ctx.db.get("events", eventId)))!;
    expect(event.raisedCents).toBe(1_200);
    // From now on the door refuses at once.
    expect(await rejectionData(fans[4]!.as.mutation(api.supports.support, { eventId, amountCents: 400 }))).toMatchObject({
      code: "SUPPORT_CLOSED",
      message: MESSAGES.supportClosed,
    });
    await expectInvariants(t);
  });

  test("refunds what is still queued when the creator cancels", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const eventId = await createEvent(creator.as, { goalCents: 100_000, minSupportCents: 100, isTicketed: true });
    const fans = await people(t, 3);
    const first = await queue(fans[0]!.as, eventId, 500); // a quiet event's: applied at once
    // Right after it: these wait in the queue.
    const later = [await queue(fans[1]!.as, eventId, 700), await queue(fans[2]!.as, eventId, 900)];
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await workQueues(t);

    expect(await outcome(fans[0]!.as, first)).toMatchObject({ status: "applied" });
    expect(await outcome(fans[1]!.as, later[0]!)).toEqual({ status: "refunded", amountCents: 700, closedReason: "cancelled" });
    expect(await outcome(fans[2]!.as, later[1]!)).toEqual({ status: "refunded", amountCents: 900, closedReason: "cancelled" });
    for (const fan of fans) expect((await fan.as.query(api.users.me, {}))!.walletCents).toBe(5_000);
    await expectInvariants(t);
  });

  test("applies the supports queued before the date, then settles", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const eventId = await createEvent(creator.as, {
      goalCents: 1_000,
      goalPercentage: 100,
      minSupportCents: 100,
      startsAt: Date.now() + DAY,
    });
    const fans = await people(t, 3);
    await queue(fans[0]!.as, eventId, 600);
    // Queued in the last instants before the date: the worker has not taken them yet.
    vi.advanceTimersByTime(DAY - QUEUE_SETTLE_MS / 2);
    const lastMinute = await queue(fans[1]!.as, eventId, 500);
    await advanceClock(t, DAY);
    expect(await outcome(fans[1]!.as, lastMinute)).toMatchObject({ status: "applied", goalReached: true });
    const event = (await t.run((ctx) => ctx.db.get("events", eventId)))!;
    expect(event.settlement).toBe("paidOut");
    expect((await creator.as.query(api.users.me, {}))!.walletCents).toBe(5_000 + 1_100);
    // After the date the door is closed.
    expect(await rejectionData(fans[2]!.as.mutation(api.supports.support, { eventId, amountCents: 100 }))).toMatchObject({
      code: "EVENT_STARTED",
    });
    await expectInvariants(t);
  });

  // A few batches' worth (QUEUE_BATCH_SIZE each); npm run test:scale drains 2,000.
  test("drains queued supports of one event over several batches within Convex's per-transaction limits", async () => {
    await expectQueueDrains(2.4 * QUEUE_BATCH_SIZE);
  }, 120_000);

  test("drains queued supports mixing limited rewards: each reward's capacity exact, the rest refunded with its reason", async () => {
    await expectRewardCapacities(2.4 * QUEUE_BATCH_SIZE);
  }, 120_000);

  test("a worker turn that throws leaves nothing stuck: the recovery restarts it, and each support is applied once", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const eventId = await createEvent(creator.as, { goalCents: 100_000, minSupportCents: 100, isTicketed: true });
    const fans = await people(t, 4);
    await queue(fans[0]!.as, eventId, 100); // applied at once: the event is quiet
    const waiting = [await queue(fans[1]!.as, eventId, 200), await queue(fans[2]!.as, eventId, 300)];
    failures.turns = 1;
    await workQueues(t);
    expect(failures.turns).toBe(0); // the turn ran, and threw
    const worker = await t.run((ctx) => ctx.db.query("supportWorkers").first());
    expect(worker).toMatchObject({ state: { kind: "scheduled", generation: 1 } });
    // Stuck as before the fix: a support taken now only waits behind the others.
    const late = await queue(fans[3]!.as, eventId, 400);
    await workQueues(t);
    for (const [i, id] of waiting.entries()) expect(await outcome(fans[i + 1]!.as, id)).toMatchObject({ status: "pending" });

    // The cron, as it runs every RECOVERY_INTERVAL_SECONDS: nothing to do until rows are STUCK_AFTER_MS old.
    const recover = () => t.mutation(internal.supportQueue.recover, {});
    await recover();
    await workQueues(t);
    expect(await outcome(fans[1]!.as, waiting[0]!)).toMatchObject({ status: "pending" });
    for (let waited = 0; waited <= STUCK_AFTER_MS; waited += RECOVERY_INTERVAL_SECONDS * 1_000) {
      await advanceClock(t, RECOVERY_INTERVAL_SECONDS * 1_000);
      await recover();
    }
    await workQueues(t);
    for (const [i, id] of [...waiting, late].entries()) expect(await outcome(fans[i + 1]!.as, id)).toMatchObject({ status: "applied" });
    const event = (await t.run((ctx) => ctx.db.get("events", eventId)))!;
    expect(event.raisedCents).toBe(1_000);
    expect(event.ticketsGenerated).toBe(4);
    expect(await t.run((ctx) => ctx.db.query("supportWorkers").first())).toMatchObject({ state: { kind: "idle", generation: 2 } });
    await expectInvariants(t);
  });

  test("a turn of a replaced generation does nothing", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const eventId = await createEvent(creator.as, { goalCents: 100_000, minSupportCents: 100 });
    const fans = await people(t, 3);
    await queue(fans[0]!.as, eventId, 100);
    const waiting = await queue(fans[1]!.as, eventId, 200); // starts generation 1
    // As a restart does: generation 2 takes over, and generation 1's turn is still scheduled.
    await t.run(async (ctx) => {
      const worker = (await ctx.db.query("supportWorkers").first())!;
      await ctx.db.replace("supportWorkers", worker._id, { eventId, state: { kind: "scheduled", generation: 2 } });
    });
    vi.advanceTimersByTime(2 * QUEUE_SETTLE_MS); // the row has settled
    await t.mutation(internal.supportQueue.work, { eventId, generation: 1 });
    expect(await outcome(fans[1]!.as, waiting)).toMatchObject({ status: "pending" });
    await t.mutation(internal.supportQueue.work, { eventId, generation: 2 });
    expect(await outcome(fans[1]!.as, waiting)).toMatchObject({ status: "applied" });
    await expectInvariants(t);
  });

  test("the recovery cron is registered at its interval", async () => {
    const crons = (await import("../../crons")).default;
    expect(Object.values(crons.crons)).toContainEqual(
      expect.objectContaining({ name: "supportQueue:recover", schedule: { type: "interval", seconds: RECOVERY_INTERVAL_SECONDS } }),
    );
  });
});
