import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { internal } from "../../_generated/api";
import { advanceClock, allRows, DAY, newBackend, runDueFunctions } from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const oldEvent = { category: "Música" as const, goalCents: 1_000, raisedCents: 0, minSupportCents: 100, goalPercentage: 100 };

test("data from before the lifecycle: opening entries, settlements scheduled, done once", async () => {
  const t = newBackend();
  // As the app stored it before: wallets without entries, events without a settlement.
  const { ana } = await t.run(async (ctx) => {
    const ana = await ctx.db.insert("users", { name: "Ana", walletCents: 3_000 });
    const creator = await ctx.db.insert("users", { name: "Criador", walletCents: 5_000 });
    await ctx.db.insert("users", { name: "Sem carteira" });
    const past = await ctx.db.insert("events", {
      ...oldEvent,
      name: "Passado",
      nameLower: "passado",
      startsAt: Date.now() - DAY,
      creatorId: creator,
      raisedCents: 2_000,
      isTicketed: false,
      ticketsGenerated: 0,
      uniqueSupporters: 1,
    });
    await ctx.db.insert("contributions", { eventId: past, userId: ana, amountCents: 2_000 });
    await ctx.db.insert("supporters", { eventId: past, userId: ana, amountCents: 2_000 });
    await ctx.db.insert("events", {
      ...oldEvent,
      name: "Futuro",
      nameLower: "futuro",
      startsAt: Date.now() + DAY,
      creatorId: creator,
      isTicketed: true,
      ticketsGenerated: 0,
      uniqueSupporters: 0,
    });
    return { ana };
  });

  await t.mutation(internal.migrations.runAll, {});
  await runDueFunctions(t);
  const entries = await allRows(t, "walletEntries");
  expect(
    entries
      .filter((e) => e.kind === "opening")
      .map((e) => e.amountCents)
      .sort(),
  ).toEqual([3_000, 5_000]);
  // The past event (R$ 20 of R$ 10: concluded) was paid out at once; the future one waits.
  const events = await allRows(t, "events");
  expect(events.map((e) => [e.name, e.settlement ?? null, e.settlementJobId !== undefined])).toEqual([
    ["Passado", "paidOut", true],
    ["Futuro", null, true],
  ]);

  // Done migrations are skipped; run again from the start (reset), each one changes nothing.
  const before = await allRows(t, "walletEntries");
  await t.mutation(internal.migrations.runAll, {});
  await t.mutation(internal.migrations.runAll, { reset: true });
  await runDueFunctions(t);
  expect(await allRows(t, "walletEntries")).toEqual(before);
  expect((await allRows(t, "events")).map((e) => e.settlementJobId)).toEqual(events.map((e) => e.settlementJobId));
  await advanceClock(t, DAY);
  expect((await allRows(t, "events")).map((e) => e.settlement)).toEqual(["paidOut", "refunded"]);
  expect((await t.run((ctx) => ctx.db.get("users", ana)))?.walletCents).toBe(3_000);
  // Σ entries = wallet for everyone (the opening entry stands for the history before it).
  const all = await allRows(t, "walletEntries");
  for (const user of await allRows(t, "users")) {
    const sum = all.filter((e) => e.userId === user._id).reduce((total, e) => total + e.amountCents, 0);
    expect(sum).toBe(user.walletCents ?? 0);
  }
});

test("a settled event from before the finished flag is marked finished", async () => {
  const t = newBackend();
  await t.run(async (ctx) => {
    const creator = await ctx.db.insert("users", { name: "Criador", walletCents: 5_000 });
    await ctx.db.insert("events", {
      ...oldEvent,
      name: "Antigo",
      nameLower: "antigo",
      startsAt: Date.now() - DAY,
      creatorId: creator,
      isTicketed: false,
      ticketsGenerated: 0,
      uniqueSupporters: 0,
      settlement: "refunded",
    });
  });
  await t.mutation(internal.migrations.runAll, {});
  await runDueFunctions(t);
  expect((await allRows(t, "events")).map((e) => [e.name, e.finished])).toEqual([["Antigo", true]]);
});

test("name-search rows from before they carried the city and the finished flag get their event's", async () => {
  const t = newBackend();
  await t.run(async (ctx) => {
    const creator = await ctx.db.insert("users", { name: "Criador", walletCents: 5_000 });
    const base = {
      ...oldEvent,
      startsAt: Date.now() + DAY,
      creatorId: creator,
      isTicketed: false,
      ticketsGenerated: 0,
      uniqueSupporters: 0,
    };
    const withCity = await ctx.db.insert("events", {
      ...base,
      name: "Sarau",
      nameLower: "sarau",
      city: "Olinda",
      cityKey: "olinda",
      uf: "PE",
    });
    const noPlace = await ctx.db.insert("events", { ...base, name: "Sarau", nameLower: "sarau", settlement: "cancelled", finished: true });
    for (const eventId of [withCity, noPlace]) {
      await ctx.db.insert("eventNameGrams", { gram: "sar", eventId, startsAt: base.startsAt, category: "Música", nameLower: "sarau" });
    }
  });
  await t.mutation(internal.migrations.runAll, {});
  await runDueFunctions(t);
  expect((await allRows(t, "eventNameGrams")).map((row) => [row.cityKey ?? null, row.finished ?? null])).toEqual([
    ["olinda", null],
    [null, true],
  ]);
});

test("a queue worker from before its state union gets the state it stands for", async () => {
  const t = newBackend();
  await t.run(async (ctx) => {
    const creator = await ctx.db.insert("users", { name: "Criador", walletCents: 5_000 });
    const event = {
      ...oldEvent,
      nameLower: "x",
      startsAt: Date.now() + DAY,
      creatorId: creator,
      isTicketed: false,
      ticketsGenerated: 0,
      uniqueSupporters: 0,
    };
    const ids = [await ctx.db.insert("events", { ...event, name: "Parado" }), await ctx.db.insert("events", { ...event, name: "Ocupado" })];
    await ctx.db.insert("supportWorkers", { eventId: ids[0]!, running: false });
    await ctx.db.insert("supportWorkers", { eventId: ids[1]!, running: true });
  });
  await t.mutation(internal.migrations.runAll, {});
  await runDueFunctions(t);
  const states = (await allRows(t, "supportWorkers")).map((row) => ("state" in row ? row.state : null));
  expect(states).toEqual([
    { kind: "idle", generation: 0, quietFrom: 0 },
    { kind: "scheduled", generation: 0 },
  ]);
});
