/**
 * A support queue drained at any size: `queued` supports waiting before the worker's first
 * turn. `npm test` runs these with a few batches' worth (so the drain crosses batch boundaries
 * and a reward sells out mid-queue); `npm run test:scale` with 2,000, where a drain in one
 * transaction would break Convex's per-transaction limits.
 */
import { expect } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { QUEUE_BATCH_SIZE } from "../model/supports/queue";
import { changeWallet } from "../model/wallet/ledger";
import { allRows, createEvent, expectInvariants, newBackend, signedInUser, workQueues, type Backend } from "./test.helpers";

const SUPPORT_CENTS = 100;

/** Every queued support becomes a contribution and a ticket, in worker turns that all succeed, and the worker ends idle. */
export async function expectQueueDrains(queued: number) {
  const t = newBackend({ transactionLimits: true });
  const creator = await signedInUser(t, { name: "Criadora" });
  const eventId = await createEvent(creator.as, { goalCents: 100_000_000, minSupportCents: SUPPORT_CENTS, isTicketed: true });
  await fillQueue(t, eventId, queued, () => ({}));
  await supportThroughTheDoor(t, eventId);
  const event = (await t.run((ctx) => ctx.db.get("events", eventId)))!;
  expect(event.raisedCents).toBe((queued + 1) * SUPPORT_CENTS);
  expect(event.ticketsGenerated).toBe(queued + 1);
  const turns = (await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect())).filter((job) =>
    job.name.includes("supportQueue"),
  );
  expect(turns.length).toBeGreaterThanOrEqual(Math.ceil((queued + 1) / QUEUE_BATCH_SIZE));
  expect(turns.every((job) => job.state.kind === "success")).toBe(true);
  expect(await t.run((ctx) => ctx.db.query("supportWorkers").first())).toMatchObject({ state: { kind: "idle" } });
  expect((await allRows(t, "contributions")).length).toBe(queued + 1);
  await expectInvariants(t);
}

/**
 * A third of the queue chooses a shirt (for 7.5% of the queue), a third a poster (for 15%), the
 * rest no reward: each reward's capacity is exact, the first to choose got it, and the rest are
 * refunded with the reason.
 */
export async function expectRewardCapacities(queued: number) {
  const t = newBackend({ transactionLimits: true });
  const creator = await signedInUser(t, { name: "Criadora" });
  const capacities = [Math.round(queued * 0.075), Math.round(queued * 0.15)] as const;
  const shirt = {
    title: "Camiseta",
    description: "",
    minimumCents: SUPPORT_CENTS,
    quantity: capacities[0],
    question: { label: "Tamanho", choices: ["P", "M"] },
  };
  const poster = { title: "Pôster", description: "", minimumCents: SUPPORT_CENTS, quantity: capacities[1] };
  const eventId = await createEvent(creator.as, { goalCents: 100_000_000, minSupportCents: SUPPORT_CENTS, rewards: [shirt, poster] });
  const rewardIds = (await t.query(api.rewards.list, { eventId })).map((reward) => reward._id);
  await fillQueue(t, eventId, queued, (i) => {
    const rewardId = i % 3 === 2 ? null : rewardIds[i % 3]!;
    return rewardId === null ? {} : { rewardId, ...(i % 3 === 0 ? { answer: "M" } : {}) };
  });
  await supportThroughTheDoor(t, eventId);

  expect((await t.query(api.rewards.list, { eventId })).map((reward) => [reward.taken, reward.soldOut])).toEqual([
    [capacities[0], true],
    [capacities[1], true],
  ]);
  const rows = await allRows(t, "queuedSupports");
  const refused = rows.filter((row) => row.status === "refunded");
  const choosing = (rewardId: string) => rows.filter((row) => row.rewardId === rewardId).length;
  expect(refused).toHaveLength(choosing(rewardIds[0]!) - capacities[0] + choosing(rewardIds[1]!) - capacities[1]);
  expect(refused.every((row) => "refusal" in row && row.refusal === "Esta recompensa esgotou.")).toBe(true);
  // The first to choose got it: in the queue's order, no late row took a unit an earlier one was refused.
  for (const [n, rewardId] of rewardIds.entries()) {
    const order = rows.filter((row) => row.rewardId === rewardId).map((row) => row.status);
    expect(order.indexOf("refunded")).toBe(capacities[n as 0 | 1]);
    expect(order.slice(order.indexOf("refunded")).every((status) => status === "refunded")).toBe(true);
  }
  await expectInvariants(t);
}

/** The queue as `count` supports leave it (debited wallets, pending rows), written directly for speed. */
async function fillQueue(
  t: Backend,
  eventId: Id<"events">,
  count: number,
  choice: (i: number) => { rewardId?: Id<"rewards">; answer?: string },
) {
  for (let start = 0; start < count; start += 200) {
    await t.run(async (ctx) => {
      for (let i = start; i < Math.min(count, start + 200); i++) {
        const userId = await ctx.db.insert("users", { name: `Fã ${i}`, walletCents: 0 });
        await ctx.db.insert("walletEntries", { userId, kind: "welcome", amountCents: 5_000, balanceAfterCents: 5_000 });
        await ctx.db.patch("users", userId, { walletCents: 5_000 });
        await changeWallet(ctx, userId, { kind: "support", amountCents: -SUPPORT_CENTS, eventId });
        await ctx.db.insert("queuedSupports", { eventId, userId, amountCents: SUPPORT_CENTS, status: "pending", ...choice(i) });
      }
    });
  }
  await t.run(async (ctx) => {
    if ((await ctx.db.query("supportWorkers").first()) === null)
      await ctx.db.insert("supportWorkers", { eventId, state: { kind: "idle", generation: 1, quietFrom: 0 } });
  });
}

/** One support through the door starts the worker; it goes through everything, a batch at a time. */
async function supportThroughTheDoor(t: Backend, eventId: Id<"events">) {
  const fan = await signedInUser(t, { name: "Última" });
  await fan.as.mutation(api.supports.support, { eventId, amountCents: SUPPORT_CENTS });
  await workQueues(t);
}
