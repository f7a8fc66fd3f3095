import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { OUTFLOW_BATCH, TICK_MS } from "../../model/shared/waitingRoom";
import { advanceClock, allRows, eventInput, HOUR, MINUTE, newBackend, runDueFunctions, signedInUser, type Backend } from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A ticketed event of `quantity` seats with a room opening in an hour at `perMinute`. */
async function roomEvent(t: Backend, quantity: number, perMinute: number) {
  const creator = await signedInUser(t, { name: "Organizadora" });
  const eventId = (await creator.as.mutation(api.events.create, {
    ...eventInput({ isTicketed: true, category: "Tecnologia", startsAt: Date.now() + 20 * 24 * HOUR }),
    ticketTypes: [{ name: "Palestra", quantity, meiaQuantity: 0, lotes: [{ priceCents: 1_000 }] }],
  })) as Id<"events">;
  const opensAt = Date.now() + HOUR;
  await creator.as.mutation(api.waitingRoom.configure, { eventId, opensAt, perMinute });
  return { eventId, opensAt };
}

const room = async (t: Backend) => (await allRows(t, "waitingRooms"))[0]!;

/** The outflow's steps that ran (each a scheduled `waitingRoom:tick`). */
const stepsRun = (t: Backend) =>
  t.run(
    async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").collect()).filter(
        (job) => job.name === "waitingRoom:tick" && job.state.kind === "success",
      ).length,
  );

describe("Sala de espera: the outflow's steps", () => {
  test("a tick owing more than a step lets the places in OUTFLOW_BATCH at a time, each step moving the counter with its turns, within Convex's limits", async () => {
    const t = newBackend({ transactionLimits: true });
    const { eventId, opensAt } = await roomEvent(t, 100, 60_000);
    const count = OUTFLOW_BATCH + 200;
    await t.run(async (ctx) => {
      const userId = (await ctx.db.query("users").first())!._id;
      for (let i = 0; i < count; i += 1) await ctx.db.insert("waitingRoomEntries", { eventId, userId, early: true });
    });
    await advanceClock(t, opensAt - Date.now());
    // 60,000 a minute owes 5,000 at the first tick: two steps, the second right after the first.
    expect(await stepsRun(t)).toBe(2);
    expect(await room(t)).toMatchObject({ status: "open", numbered: count, admittedThrough: count, admitCarry: 0 });
    const entries = await allRows(t, "waitingRoomEntries");
    expect(entries.filter((entry) => entry.turnEndsAt === undefined)).toEqual([]);
  });

  test("a tick that moves nothing writes nothing, and a room nobody waited in banks nothing for later arrivals", async () => {
    const t = newBackend();
    // 12 a minute: one place a tick.
    const { eventId, opensAt } = await roomEvent(t, 100, 12);
    const ana = await signedInUser(t, { name: "Ana" });
    await ana.as.mutation(api.waitingRoom.join, { eventId });
    await advanceClock(t, opensAt - Date.now());
    const opened = await room(t);
    // The counter moved at the opening, and says so (pages time their updates from it).
    expect(opened).toMatchObject({ admittedThrough: 1, lastTickAt: Date.now() });

    // A minute with nobody waiting: ticks run (Ana's turn runs), the room's document stays as it was.
    await advanceClock(t, MINUTE);
    expect(await room(t)).toEqual(opened);

    const late = await Promise.all(["Beto", "Caio", "Davi"].map((name) => signedInUser(t, { name })));
    for (const person of late) await person.as.mutation(api.waitingRoom.join, { eventId });
    await advanceClock(t, TICK_MS);
    // Numbered in arrival order, and one let in (a tick's worth), not the idle minute's twelve.
    expect(await room(t)).toMatchObject({ numbered: 4, admittedThrough: 2 });
    await advanceClock(t, TICK_MS);
    expect((await room(t)).admittedThrough).toBe(3);
  });

  test("a step of a stale generation (the opening was moved) changes nothing", async () => {
    const t = newBackend();
    const { eventId, opensAt } = await roomEvent(t, 100, 12);
    await advanceClock(t, opensAt - Date.now());
    const before = await room(t);
    await t.mutation(internal.waitingRoom.tick, { eventId, generation: before.generation + 1 });
    await runDueFunctions(t);
    expect(await room(t)).toEqual(before);
  });
});
