import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import { MESSAGES } from "../../model/shared/texts";
import { scheduleSettlement } from "../../model/settlement/settle";
import {
  advanceClock,
  allRows,
  createEvent,
  DAY,
  expectInvariants,
  newBackend,
  rejectionData,
  runDueFunctions,
  signedInUser,
  snapshot,
  type Caller,
  supportNow,
  workQueues,
} from "../test.helpers";
import { expectRefundInBatches } from "../test.refundInBatches";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A creator's event a day away (R$ 100,00 goal), and two supporters with R$ 50,00 each. */
async function setup(overrides: { goalCents?: number; isTicketed?: boolean; goalPercentage?: number; startsAt?: number } = {}) {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const ana = await signedInUser(t, { name: "Ana" });
  const bia = await signedInUser(t, { name: "Bia" });
  const eventId = await createEvent(creator.as, { goalCents: 10_000, minSupportCents: 100, startsAt: Date.now() + DAY, ...overrides });
  const support = (who: typeof ana, amountCents: number) => supportNow(t, who.as, { eventId, amountCents });
  const event = () => t.query(api.events.get, { id: eventId });
  return { t, creator, ana, bia, eventId, support, event };
}

const wallet = (who: { as: Caller }) => who.as.query(api.users.me, {}).then((me) => me?.walletCents);

describe("settlement at the event's date", () => {
  test("an event 30 days away is settled at its date, not before (its timer is longer than a timer can be)", async () => {
    const { t, ana, support, event } = await setup({ startsAt: Date.now() + 30 * DAY });
    await support(ana, 1_000);
    const scheduledJobs = () => t.run(async (ctx) => ctx.db.system.query("_scheduled_functions").collect());

    await advanceClock(t, DAY);
    expect((await scheduledJobs()).filter((job) => job.name.includes(":settle")).map((job) => job.state.kind)).toEqual(["pending"]);
    expect(await event()).toMatchObject({ settlement: null });

    await advanceClock(t, 29 * DAY);
    expect(await event()).toMatchObject({ settlement: "refunded" });
    expect(await wallet(ana)).toBe(5_000);
  });

  test("a concluded event pays what it raised to its creator, once", async () => {
    const { t, creator, ana, bia, support, event, eventId } = await setup({ goalCents: 6_000 });
    await support(ana, 4_000);
    await support(bia, 2_000);
    expect(await event()).toMatchObject({ status: "Concluído", settlement: null, settlementLabel: null });

    await advanceClock(t, DAY);
    expect(await event()).toMatchObject({ settlement: "paidOut", settlementLabel: "Repassado ao organizador", raisedCents: 6_000 });
    expect(await wallet(creator)).toBe(11_000);
    expect([await wallet(ana), await wallet(bia)]).toEqual([1_000, 3_000]);
    const page = await creator.as.query(api.wallet.statement, { paginationOpts: { numItems: 10, cursor: null } });
    expect(page.page[0]).toMatchObject({
      kind: "payout",
      description: "Repasse de Show de Rock",
      amountCents: 6_000,
      balanceAfterCents: 11_000,
    });

    const before = await snapshot(t);
    await t.mutation(internal.settlement.settle, { eventId });
    expect(await snapshot(t)).toEqual(before);
    await expectInvariants(t);
  });

  test("any other event refunds every contribution and cancels its tickets", async () => {
    const { t, ana, bia, support, event, eventId } = await setup({ isTicketed: true });
    await support(ana, 1_000);
    await support(ana, 500);
    await support(bia, 2_000);
    await advanceClock(t, DAY);

    expect(await event()).toMatchObject({
      settlement: "refunded",
      settlementLabel: "Encerrado · apoios devolvidos",
      supportingOpen: false,
      supportClosedReason: "started",
    });
    expect([await wallet(ana), await wallet(bia)]).toEqual([5_000, 5_000]);
    const tickets = await allRows(t, "tickets");
    expect(tickets.map((ticket) => ticket.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    const statement = await ana.as.query(api.wallet.statement, { paginationOpts: { numItems: 10, cursor: null } });
    expect(statement.page.map((row) => [row.description, row.amountCents, row.balanceAfterCents])).toEqual([
      ["Estorno de Show de Rock", 500, 5_000],
      ["Estorno de Show de Rock", 1_000, 4_500],
      ["Apoio a Show de Rock", -500, 3_500],
      ["Apoio a Show de Rock", -1_000, 4_000],
      ["Bônus de boas-vindas", 5_000, 5_000],
    ]);

    const before = await snapshot(t);
    await t.mutation(internal.settlement.settle, { eventId });
    await t.mutation(internal.settlement.refundBatch, { eventId, phase: "contributions", cursor: null });
    await t.mutation(internal.settlement.refundBatch, { eventId, phase: "tickets", cursor: null });
    await runDueFunctions(t);
    expect(await snapshot(t)).toEqual(before);
    await expectInvariants(t);
  });

  test("an event with nothing raised simply closes", async () => {
    const { t, event } = await setup();
    await advanceClock(t, DAY);
    expect(await event()).toMatchObject({ settlement: "refunded", raisedCents: 0 });
    await expectInvariants(t);
  });

  test("a date moved later: the new schedule replaces the old, and an early run changes nothing", async () => {
    const { t, eventId, support, ana, event } = await setup({ goalCents: 1_000 });
    await support(ana, 1_000);
    const later = Date.now() + 3 * DAY;
    await t.run(async (ctx) => {
      await ctx.db.patch("events", eventId, { startsAt: later });
      await scheduleSettlement(ctx, (await ctx.db.get("events", eventId))!);
    });
    await advanceClock(t, DAY);
    expect(await event()).toMatchObject({ settlement: null });
    const before = await snapshot(t);
    await t.mutation(internal.settlement.settle, { eventId });
    expect(await snapshot(t)).toEqual(before);
    await advanceClock(t, 2 * DAY);
    expect(await event()).toMatchObject({ settlement: "paidOut" });
    const jobs = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
    const settlements = jobs.filter((job) => job.name.startsWith("settlement"));
    expect(settlements.map((job) => job.state.kind).sort()).toEqual(["canceled", "success"]);
    await expectInvariants(t);
  });
});

describe("events:cancel", () => {
  test("the creator cancels: every support is refunded, live labels, supporting closed", async () => {
    const { t, creator, ana, bia, support, event, eventId } = await setup({ isTicketed: true });
    await support(ana, 1_500);
    await support(bia, 3_000);
    await creator.as.mutation(api.events.cancel, { id: eventId });
    expect(await event()).toMatchObject({ settlement: "cancelled", settlementLabel: "Cancelado · apoios devolvidos" });
    await runDueFunctions(t);
    expect([await wallet(ana), await wallet(bia)]).toEqual([5_000, 5_000]);
    expect((await allRows(t, "tickets")).every((ticket) => ticket.status === "cancelled")).toBe(true);
    const rows = await bia.as.query(api.wallet.statement, { paginationOpts: { numItems: 1, cursor: null } });
    expect(rows.page[0]).toMatchObject({ description: "Estorno de Show de Rock", amountCents: 3_000, balanceAfterCents: 5_000 });
    // Its settlement at the date was called off: nothing more happens then (once the support
    // queue's worker, scheduled by the supports, has found its queue empty and stopped).
    await workQueues(t);
    const before = await snapshot(t);
    await advanceClock(t, 2 * DAY);
    expect(await snapshot(t)).toEqual(before);
    await expectInvariants(t);
  });

  async function refusal(
    call: (w: Awaited<ReturnType<typeof setup>>) => Promise<unknown>,
    prepare?: (w: Awaited<ReturnType<typeof setup>>) => Promise<unknown>,
  ) {
    const w = await setup();
    await w.support(w.ana, 1_000);
    await prepare?.(w);
    await runDueFunctions(w.t);
    const before = await snapshot(w.t);
    const error = await rejectionData(call(w));
    expect(await snapshot(w.t)).toEqual(before);
    return error;
  }

  test("refused when signed out", async () => {
    const error = await refusal(({ t, eventId }) => t.mutation(api.events.cancel, { id: eventId }));
    expect(error).toEqual({ code: "NOT_SIGNED_IN", message: MESSAGES.notSignedIn });
  });

  test("refused to anyone but the creator", async () => {
    const error = await refusal(({ ana, eventId }) => ana.as.mutation(api.events.cancel, { id: eventId }));
    expect(error).toEqual({ code: "NOT_THE_CREATOR", message: "Apenas o organizador pode cancelar este evento." });
  });

  test.each([
    ["malformed", () => "nope"],
    ["a user's", (w: Awaited<ReturnType<typeof setup>>) => w.creator.userId],
    ["a 10 KB", () => "a".repeat(10_000)],
  ])("refused for %s id", async (_label, id) => {
    const error = await refusal((w) => w.creator.as.mutation(api.events.cancel, { id: id(w) }));
    expect(error).toEqual({ code: "EVENT_NOT_FOUND", message: "Evento não encontrado" });
  });

  test("refused twice", async () => {
    const error = await refusal(
      ({ creator, eventId }) => creator.as.mutation(api.events.cancel, { id: eventId }),
      ({ creator, eventId }) => creator.as.mutation(api.events.cancel, { id: eventId }),
    );
    expect(error).toEqual({ code: "EVENT_CANCELLED", message: "Este evento foi cancelado." });
  });

  test("refused once the date has come, settled or not yet", async () => {
    const started = await refusal(
      ({ creator, eventId }) => creator.as.mutation(api.events.cancel, { id: eventId }),
      async ({ t, eventId }) => t.run((ctx) => ctx.db.patch("events", eventId, { startsAt: Date.now() })),
    );
    expect(started).toEqual({ code: "EVENT_STARTED", message: "Este evento já começou e não pode mais ser cancelado." });
    const settled = await refusal(
      ({ creator, eventId }) => creator.as.mutation(api.events.cancel, { id: eventId }),
      ({ t }) => advanceClock(t, DAY),
    );
    expect(settled.code).toBe("EVENT_STARTED");
  });
});

describe("supports:support after the lifecycle closes the event", () => {
  test("cancelled: 'Este evento foi cancelado.'", async () => {
    const { t, creator, ana, support, eventId } = await setup();
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await runDueFunctions(t);
    const before = await snapshot(t);
    expect(await rejectionData(support(ana, 1_000))).toEqual({ code: "EVENT_CANCELLED", message: "Este evento foi cancelado." });
    expect(await snapshot(t)).toEqual(before);
  });

  test("at its date, before the settlement ran: 'Este evento já começou. Os apoios estão encerrados.'", async () => {
    const { t, ana, support } = await setup();
    vi.setSystemTime(Date.now() + DAY); // the clock only: no timer fires, so no settlement yet
    const before = await snapshot(t);
    expect(await rejectionData(support(ana, 1_000))).toEqual({
      code: "EVENT_STARTED",
      message: "Este evento já começou. Os apoios estão encerrados.",
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("after the settlement: the same refusal", async () => {
    const { t, ana, support } = await setup();
    await advanceClock(t, DAY);
    expect((await rejectionData(support(ana, 1_000))).code).toBe("EVENT_STARTED");
  });
});

describe("wallet:statement", () => {
  test("newest first, paginated, only the caller's, empty when signed out", async () => {
    const { t, ana, bia, support } = await setup();
    for (const amount of [100, 200, 300]) await support(ana, amount);
    await support(bia, 400);
    const first = await ana.as.query(api.wallet.statement, { paginationOpts: { numItems: 2, cursor: null } });
    expect(first.page.map((row) => row.amountCents)).toEqual([-300, -200]);
    expect(first.isDone).toBe(false);
    const second = await ana.as.query(api.wallet.statement, { paginationOpts: { numItems: 2, cursor: first.continueCursor } });
    expect(second.page.map((row) => row.description)).toEqual(["Apoio a Show de Rock", "Bônus de boas-vindas"]);
    expect(second.page[1]).toMatchObject({ kind: "welcome", amountCents: 5_000, balanceAfterCents: 5_000, eventName: null });
    expect(await t.query(api.wallet.statement, { paginationOpts: { numItems: 5, cursor: null } })).toEqual({
      page: [],
      isDone: true,
      continueCursor: "",
    });
  });
});

describe("a refund of more contributions than one batch", () => {
  // 1,100 contributions: two full batches and a part one (npm run test:scale runs 10,000).
  test("settles in batches of 500 within Convex's per-transaction limits", async () => {
    await expectRefundInBatches({ users: 11, each: 100 });
  }, 120_000);
});

describe("name search after the end", () => {
  test("a settled or cancelled event leaves the upcoming name search for Mostrar encerrados", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const paid = await createEvent(creator.as, { name: "Quadrilha da Vila", goalCents: 1_000, startsAt: Date.now() + DAY });
    const cancelled = await createEvent(creator.as, { name: "Quadrilha do Centro", startsAt: Date.now() + 2 * DAY });
    await createEvent(creator.as, { name: "Quadrilha do Bairro", startsAt: Date.now() + 3 * DAY });
    const fan = await signedInUser(t, { name: "Fã" });
    await supportNow(t, fan.as, { eventId: paid, amountCents: 1_000 });
    await creator.as.mutation(api.events.cancel, { id: cancelled });
    await advanceClock(t, DAY + 1);
    const search = async (finished?: boolean) =>
      (
        await t.query(api.events.list, { name: "quadrilha", city: "são paulo", finished, paginationOpts: { numItems: 10, cursor: null } })
      ).page.map((e) => e.name);
    expect(await search()).toEqual(["Quadrilha do Bairro"]);
    expect(await search(true)).toEqual(["Quadrilha do Centro", "Quadrilha da Vila"]);
    const rows = await allRows(t, "eventNameGrams");
    expect(rows.filter((row) => row.finished === true).every((row) => row.eventId === paid || row.eventId === cancelled)).toBe(true);
    expect(rows.filter((row) => row.eventId === paid).every((row) => row.finished === true)).toBe(true);
  });
});
