import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import { CATEGORIES } from "../../model/shared/categories";
import { allRows, expectInvariants, newBackend } from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("seed fills varied demo events once, in every lifecycle state, keeping the ledger invariants", async () => {
  const t = newBackend();
  expect(await t.mutation(internal.seed.run, {})).toEqual({ created: 15 });
  expect(await t.mutation(internal.seed.run, {})).toEqual({ created: 0 });
  await t.finishInProgressScheduledFunctions();
  vi.advanceTimersByTime(0);
  await t.finishInProgressScheduledFunctions();
  vi.advanceTimersByTime(0);
  await t.finishInProgressScheduledFunctions();

  const events = await allRows(t, "events");
  expect(events).toHaveLength(15);
  expect(new Set(events.map((e) => e.category))).toEqual(new Set(CATEGORIES));
  expect(events.some((e) => e.isTicketed) && events.some((e) => !e.isTicketed)).toBe(true);
  // Believable: every event has a poster, a description and a place, in several cities.
  expect(events.every((e) => e.imageUrl?.startsWith("/images/events/") && e.description && e.venueName && e.uf)).toBe(true);
  expect(new Set(events.map((e) => e.cityKey)).size).toBeGreaterThanOrEqual(8);
  // Supports are spread over past days, so each curve grows instead of standing at one instant.
  for (const event of events.filter((e) => e.uniqueSupporters > 1)) {
    const timeline = await t.query(api.events.timeline, { id: event._id });
    const times = timeline!.points.slice(1).map((p) => p.at); // after the starting zero
    expect(new Set(times).size).toBe(times.length);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(24 * 60 * 60 * 1000);
    if (event.settlement === undefined) expect(Math.max(...times)).toBeLessThan(Date.now());
  }

  const { page: open } = await t.query(api.events.list, { paginationOpts: { numItems: 20, cursor: null } });
  // The home list holds only upcoming events, soonest first; the finished ones are apart.
  expect(open.every((e) => e.settlement === null && e.startsAt > Date.now())).toBe(true);
  expect(open.map((e) => e.startsAt)).toEqual(open.map((e) => e.startsAt).sort((a, b) => a - b));
  const { page: finished } = await t.query(api.events.list, { finished: true, paginationOpts: { numItems: 20, cursor: null } });
  const statuses = open.map((e) => e.status);
  expect(statuses).toContain("Não Iniciado");
  expect(statuses).toContain("Em Progresso");
  expect(statuses).toContain("Concluído"); // concluded, awaiting its date
  expect(open.some((e) => e.percent >= 100)).toBe(true);
  expect(finished.map((e) => e.settlementLabel).sort()).toEqual([
    "Cancelado · apoios devolvidos",
    "Encerrado · apoios devolvidos",
    "Repassado ao organizador",
  ]);
  // Every open event waits for its settlement at its date.
  const jobs = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
  const pending = new Set(jobs.filter((job) => job.state.kind === "pending").map((job) => job._id));
  expect(events.filter((e) => e.settlement === undefined).every((e) => pending.has(e.settlementJobId!))).toBe(true);
  await expectInvariants(t);
});
