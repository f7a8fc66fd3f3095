/**
 * The refund of a missed goal at any size: `users` supporters each giving `each` contributions
 * of R$ 0,50, then the event's date. `npm test` runs it small (a few batches, so a refund that
 * stops batching fails on the batch count); `npm run test:scale` runs it at 10,000 contributions,
 * where one transaction for all of them would break Convex's per-transaction limits.
 */
import { expect } from "vitest";
import type { Id } from "../_generated/dataModel";
import { REFUND_BATCH_SIZE } from "../model/settlement/settle";
import { advanceClock, createEvent, DAY, expectInvariants, newBackend, signedInUser, type Backend } from "./test.helpers";

const CONTRIBUTION_CENTS = 50;
const WALLET_CENTS = 5_000;

export async function expectRefundInBatches({ users, each }: { users: number; each: number }) {
  const t = newBackend({ transactionLimits: true });
  const creator = await signedInUser(t, { name: "Criadora" });
  const eventId = await createEvent(creator.as, { goalCents: 100_000_000, minSupportCents: 1, startsAt: Date.now() + DAY });
  const supporters = await fillContributions(t, eventId, users, each);

  await advanceClock(t, DAY);
  const jobs = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
  const batches = jobs.filter((job) => job.name.includes("refundBatch"));
  expect(batches).toHaveLength(Math.ceil((users * each) / REFUND_BATCH_SIZE));
  expect(jobs.every((job) => job.state.kind === "success")).toBe(true);
  const raisedCents = CONTRIBUTION_CENTS * users * each;
  const event = await t.run((ctx) => ctx.db.get("events", eventId));
  expect(event).toMatchObject({ settlement: "refunded", raisedCents, refundedCents: raisedCents });
  const wallets = await t.run(async (ctx) => Promise.all(supporters.map(async (id) => (await ctx.db.get("users", id))?.walletCents)));
  expect(new Set(wallets)).toEqual(new Set([WALLET_CENTS]));
  await expectInvariants(t);
}

/**
 * The contributions, written directly (the rows supports:support writes): thousands of calls
 * through convex-test would take minutes.
 */
async function fillContributions(t: Backend, eventId: Id<"events">, users: number, each: number) {
  const ids: Id<"users">[] = [];
  for (let u = 0; u < users; u++) ids.push((await signedInUser(t, { name: `Apoiador ${u}` })).userId);
  for (const userId of ids) {
    await t.run(async (ctx) => {
      let balance = WALLET_CENTS;
      for (let i = 0; i < each; i++) {
        balance -= CONTRIBUTION_CENTS;
        await ctx.db.insert("contributions", { eventId, userId, amountCents: CONTRIBUTION_CENTS });
        await ctx.db.insert("walletEntries", {
          userId,
          kind: "support",
          amountCents: -CONTRIBUTION_CENTS,
          eventId,
          balanceAfterCents: balance,
        });
      }
      // As changeWallet leaves them: the welcome bonus spent first, remembered per event.
      const spent = CONTRIBUTION_CENTS * each;
      await ctx.db.patch("users", userId, { walletCents: balance, promoCents: Math.max(0, WALLET_CENTS - spent) });
      await ctx.db.insert("promoSpends", { userId, eventId, promoCents: Math.min(WALLET_CENTS, spent) });
      await ctx.db.insert("supporters", { eventId, userId, amountCents: spent });
    });
  }
  await t.run(async (ctx) => {
    await ctx.db.patch("events", eventId, { raisedCents: CONTRIBUTION_CENTS * users * each, uniqueSupporters: users });
  });
  return ids;
}
