import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { MAX_TIMELINE_POINTS, withSupport, type TimelineSeries } from "../../model/events/timeline";
import { createEvent, DAY, MINUTE, newBackend, runDueFunctions, signedInUser, supportNow } from "../test.helpers";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("withSupport (the stored series)", () => {
  test("supports in one second share a point holding the latest total; seconds apart, each keeps its own", () => {
    const at = Date.UTC(2026, 10, 23, 12, 0, 10);
    let series = withSupport(null, at, 500);
    series = withSupport(series, at + 400, 1_500);
    expect(series.points).toEqual([{ at: at + 400, raisedCents: 1_500 }]);
    // A burst seconds apart stays a staircase on the chart, not one jump.
    series = withSupport(series, at + 4_000, 2_000);
    series = withSupport(series, at + 8_000, 2_500);
    expect(series.points.map((p) => p.raisedCents)).toEqual([1_500, 2_000, 2_500]);
  });

  test("however many supports, at most 99 points, in time order, ending at the latest total", () => {
    let series: TimelineSeries | null = null;
    const start = Date.UTC(2026, 0, 1);
    for (let i = 1; i <= 5_000; i++) {
      series = withSupport(series, start + i * 7 * MINUTE, i * 100);
      expect(series.points.length).toBeLessThan(MAX_TIMELINE_POINTS);
    }
    const points = series!.points;
    expect(points.at(-1)).toEqual({ at: start + 5_000 * 7 * MINUTE, raisedCents: 500_000 });
    for (let i = 1; i < points.length; i++) {
      expect(points[i]!.at).toBeGreaterThan(points[i - 1]!.at);
      expect(points[i]!.raisedCents).toBeGreaterThan(points[i - 1]!.raisedCents);
    }
    // Compaction keeps the curve spread over the whole period, not just its end.
    expect(points.length).toBeGreaterThan(MAX_TIMELINE_POINTS / 3);
    expect(points[0]!.at).toBeLessThan(start + 5_000 * 7 * MINUTE * 0.05);
  });
});

describe("events:timeline", () => {
  test("starts at the event's creation with nothing raised, then follows each support", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const fan = await signedInUser(t, { name: "Fã" });
    const eventId = await createEvent(creator.as, { minSupportCents: 100, goalCents: 10_000, startsAt: Date.now() + 7 * DAY });
    const createdAt = Date.now();
    expect(await t.query(api.events.timeline, { id: eventId })).toMatchObject({
      goalCents: 10_000,
      raisedCents: 0,
      points: [{ raisedCents: 0 }],
    });
    vi.setSystemTime(createdAt + 5 * MINUTE);
    await supportNow(t, fan.as, { eventId, amountCents: 700 });
    vi.setSystemTime(createdAt + 65 * MINUTE);
    await supportNow(t, fan.as, { eventId, amountCents: 300 });
    const timeline = await t.query(api.events.timeline, { id: eventId });
    expect(timeline?.raisedCents).toBe(1_000);
    expect(timeline?.points.map((p) => [p.at - createdAt, p.raisedCents])).toEqual([
      [expect.any(Number), 0],
      [5 * MINUTE, 700],
      [65 * MINUTE, 1_000],
    ]);
  });

  test("a refund is drawn: the curve goes back down to zero when every support went back", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const fan = await signedInUser(t, { name: "Fã" });
    const eventId = await createEvent(creator.as, { minSupportCents: 100, goalCents: 10_000, startsAt: Date.now() + 7 * DAY });
    const createdAt = Date.now();
    vi.setSystemTime(createdAt + 5 * MINUTE);
    await supportNow(t, fan.as, { eventId, amountCents: 700 });
    vi.setSystemTime(createdAt + 65 * MINUTE);
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await runDueFunctions(t);
    const timeline = await t.query(api.events.timeline, { id: eventId });
    expect(timeline?.refundedCents).toBe(700);
    expect(timeline?.points.map((p) => [p.at - createdAt, p.raisedCents])).toEqual([
      [expect.any(Number), 0],
      [5 * MINUTE, 700],
      [65 * MINUTE, 0],
    ]);
  });

  test("null for a malformed or unknown id", async () => {
    const t = newBackend();
    expect(await t.query(api.events.timeline, { id: "não-é-um-id" })).toBeNull();
  });

  test("at 10,000 supports: at most 100 points, from 2 documents read", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const fan = await signedInUser(t, { name: "Fã", walletCents: 10_000_000 });
    const eventId = await createEvent(creator.as, { minSupportCents: 100, goalCents: 5_000_000, startsAt: Date.now() + 30 * DAY });
    // 10,000 supports a minute apart (a week). The first goes through the support rule; for
    // the rest (the whole rule 10,000 times takes convex-test ~20 s) the test writes what
    // supports leave behind: their ledger rows, the series folded support by support with
    // the same function, and the event's total.
    await supportNow(t, fan.as, { eventId, amountCents: 100 });
    let series = await t.run((ctx) => ctx.db.query("supportTimelines").unique());
    for (let batch = 0; batch < 10; batch++) {
      await t.run(async (ctx) => {
        for (let i = batch === 0 ? 1 : 0; i < 1_000; i++) {
          await ctx.db.insert("contributions", { eventId, userId: fan.userId, amountCents: 100 });
        }
      });
    }
    for (let n = 2; n <= 10_000; n++) series = { ...series!, ...withSupport(series, Date.now() + n * MINUTE, n * 100) };
    await t.run(async (ctx) => {
      await ctx.db.replace("supportTimelines", series!._id, { eventId, bucketMs: series!.bucketMs, points: series!.points });
      await ctx.db.patch("events", eventId, { raisedCents: 1_000_000 });
    });
    expect(await t.run((ctx) => ctx.db.query("contributions").collect())).toHaveLength(10_000);

    const { result, documentsRead } = await fan.as.mutation(async (ctx) => {
      const before = await ctx.meta.getTransactionMetrics();
      const result = await ctx.runQuery(api.events.timeline, { id: eventId });
      const after = await ctx.meta.getTransactionMetrics();
      return { result, documentsRead: after.documentsRead.used - before.documentsRead.used };
    });
    expect(result!.points.length).toBeLessThanOrEqual(MAX_TIMELINE_POINTS);
    expect(result!.points.length).toBeGreaterThan(MAX_TIMELINE_POINTS / 3);
    expect(result!.points.at(-1)!.raisedCents).toBe(1_000_000);
    expect(result!.raisedCents).toBe(1_000_000);
    expect(documentsRead).toBe(2);
  });
});
