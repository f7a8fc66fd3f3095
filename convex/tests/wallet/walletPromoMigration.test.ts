import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { internal } from "../../_generated/api";
import { allRows, DAY, newBackend, runDueFunctions } from "../test.helpers";
import { withdrawableCentsOf } from "../../model/wallet/promo";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("a payout credited whole as withdrawable before the split becomes bonus again, as far as it is still in the wallet", async () => {
  const t = newBackend();
  // As the app stored it before: entries without their bonus part, the payout all withdrawable.
  const ids = await t.run(async (ctx) => {
    const bia = await ctx.db.insert("users", { name: "Bia", walletCents: 0, promoCents: 0 });
    const carl = await ctx.db.insert("users", { name: "Carl", walletCents: 7_000, promoCents: 5_000 });
    const dani = await ctx.db.insert("users", { name: "Dani", walletCents: 10_000, promoCents: 5_000 });
    const event = await ctx.db.insert("events", {
      category: "Música",
      goalCents: 5_000,
      minSupportCents: 100,
      goalPercentage: 100,
      name: "Passado",
      nameLower: "passado",
      startsAt: Date.now() - DAY,
      creatorId: carl,
      raisedCents: 5_000,
      isTicketed: false,
      ticketsGenerated: 0,
      uniqueSupporters: 1,
      settlement: "paidOut",
      finished: true,
    });
    await ctx.db.insert("promoSpends", { userId: bia, eventId: event, promoCents: 5_000 });
    await ctx.db.insert("walletEntries", { userId: bia, kind: "welcome", amountCents: 5_000, balanceAfterCents: 5_000 });
    await ctx.db.insert("walletEntries", { userId: bia, kind: "support", amountCents: -5_000, balanceAfterCents: 0, eventId: event });
    await ctx.db.insert("walletEntries", { userId: carl, kind: "welcome", amountCents: 5_000, balanceAfterCents: 5_000 });
    await ctx.db.insert("walletEntries", { userId: carl, kind: "payout", amountCents: 5_000, balanceAfterCents: 10_000, eventId: event });
    // Carl already took R$ 30,00 of the payout out: that money is gone, the rest is bonus again.
    await ctx.db.insert("walletEntries", { userId: carl, kind: "withdrawal", amountCents: -3_000, balanceAfterCents: 7_000 });
    // Dani's deposit stays withdrawable.
    await ctx.db.insert("walletEntries", { userId: dani, kind: "welcome", amountCents: 5_000, balanceAfterCents: 5_000 });
    await ctx.db.insert("walletEntries", { userId: dani, kind: "deposit", amountCents: 5_000, balanceAfterCents: 10_000 });
    return { bia, carl, dani, event };
  });

  await t.mutation(internal.migrations.runAll, {});
  await runDueFunctions(t);
  const users = await allRows(t, "users");
  const user = (id: string) => users.find((u) => u._id === id)!;
  expect((await allRows(t, "events"))[0]?.payoutPromoCents).toBe(5_000);
  expect([user(ids.bia).promoCents, user(ids.carl).promoCents, user(ids.dani).promoCents]).toEqual([0, 7_000, 5_000]);
  expect([withdrawableCentsOf(user(ids.carl)), withdrawableCentsOf(user(ids.dani))]).toEqual([0, 5_000]);
  const entries = await allRows(t, "walletEntries");
  expect(entries.map((e) => [e.kind, e.promoCents])).toEqual([
    ["welcome", 5_000],
    ["support", -5_000],
    ["welcome", 5_000],
    ["payout", 5_000],
    ["withdrawal", -3_000],
    ["welcome", 5_000],
    ["deposit", 0],
  ]);
  // Each wallet's bonus is the sum of its entries' bonus parts.
  for (const u of users) {
    expect(entries.filter((e) => e.userId === u._id).reduce((total, e) => total + e.promoCents!, 0)).toBe(u.promoCents);
  }

  // Run again from the start: nothing changes.
  await t.mutation(internal.migrations.runAll, { reset: true });
  await runDueFunctions(t);
  expect(await allRows(t, "walletEntries")).toEqual(entries);
  expect(await allRows(t, "users")).toEqual(users);
});
