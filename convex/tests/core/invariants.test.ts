import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { QUEUE_SETTLE_MS } from "../../model/supports/queue";
import { RECOVERY_INTERVAL_SECONDS, STUCK_AFTER_MS } from "../../model/supports/worker";
import { configurePix, deliverWebhook, payoutIdOf, pixSandbox } from "../test.pix";
import { advanceClock, allRows, createEvent, DAY, expectInvariants, newBackend, runDueFunctions, signedInUser } from "../test.helpers";

// Injected failures: the next `turns` worker turns throw after doing their work (rolled back).
const failures = vi.hoisted(() => ({ turns: 0 }));
vi.mock("../../model/supports/queue", async (importOriginal) =>
  (await import("../test.workerFailures")).withFailingTurns(await importOriginal(), failures),
);

beforeEach(() => {
  vi.useFakeTimers();
  configurePix();
  // A service fee on supports (taken from payouts): the books must balance with the platform's account too.
  vi.stubEnv("SERVICE_FEE_SUPPORT_PERCENT", "7,5");
  vi.stubEnv("SERVICE_FEE_MINIMUM_CENTS", "90");
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  failures.turns = 0;
});

/**
 * One thing that happens: a support taken, a turn of the queues' workers, a worker turn that
 * throws, the recovery cron after a stuck queue's bound, a check-in at the door, a
 * cancellation, a day passing (settlements fall due), or PIX in and out.
 */
const step = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("support" as const),
      user: fc.nat({ max: 3 }),
      event: fc.nat({ max: 2 }),
      // Mostly plausible amounts, with invalid ones (0, negatives, fractions) mixed in.
      amountCents: fc.oneof(fc.integer({ min: 1, max: 2_500 }), fc.constantFrom(0, -50, 12.5, 5_001)),
      // A reward of the third event: none, the one limited to 2, or the unlimited one (any other event refuses it).
      reward: fc.constantFrom(null, 0, 1),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant("work" as const) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("fail" as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("recover" as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("checkIn" as const), ticket: fc.nat({ max: 20 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("cancel" as const), event: fc.nat({ max: 2 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("day" as const) }), weight: 1 },
  {
    // Adicionar saldo, then the bank: paid (maybe twice, maybe another amount), expired, or not yet.
    arbitrary: fc.record({
      kind: fc.constant("deposit" as const),
      user: fc.nat({ max: 3 }),
      amountCents: fc.oneof(fc.integer({ min: 500, max: 5_000 }), fc.constantFrom(0, 499, 12.5)),
      outcome: fc.constantFrom("pay", "payTwice", "otherAmount", "expire", "none"),
    }),
    weight: 2,
  },
  {
    // Sacar (often more than is withdrawable), then the bank: paid, failed, or not yet.
    arbitrary: fc.record({
      kind: fc.constant("withdraw" as const),
      user: fc.nat({ max: 3 }),
      amountCents: fc.oneof(fc.integer({ min: 1_000, max: 8_000 }), fc.constantFrom(999, -1_000)),
      outcome: fc.constantFrom("complete", "fail", "none"),
    }),
    weight: 2,
  },
);

describe("ledger invariants", () => {
  test("hold after random supports (queued, applied in batches), worker failures and recoveries, check-ins, cancellations, settlements and PIX in and out", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const bank = pixSandbox();
        const t = newBackend();
        const users = await Promise.all(["Ana", "Bia", "Caio", "Duda"].map((name) => signedInUser(t, { name })));
        const eventIds: Id<"events">[] = [
          await createEvent(users[0]!.as, { goalCents: 6_000, minSupportCents: 100, isTicketed: true, startsAt: Date.now() + 2 * DAY }),
          await createEvent(users[1]!.as, {
            goalCents: 20_000,
            minSupportCents: 300,
            goalPercentage: 40,
            startsAt: Date.now() + 3 * DAY,
            fundingMode: "flexible",
          }),
          await createEvent(users[2]!.as, {
            goalCents: 1_500,
            minSupportCents: 1,
            startsAt: Date.now() + DAY,
            rewards: [
              { title: "Camiseta", description: "", minimumCents: 500, quantity: 2, question: { label: "Tamanho", choices: ["P", "M"] } },
              { title: "Pôster", description: "", minimumCents: 300 },
            ],
          }),
        ];
        const rewardIds = (await t.query(api.rewards.list, { eventId: eventIds[2]! })).map((reward) => reward._id);
        const refusedByTheApp = (error: { data?: { code?: string } }) => expect(error.data?.code).toMatch(/^[A-Z_]+$/);
        const refusedOrValue = <T>(call: Promise<T>) =>
          call.catch((error: { data?: { code?: string } }) => {
            refusedByTheApp(error);
            return null;
          });
        for (const s of steps) {
          if (s.kind === "support") {
            const reward = s.reward === null ? {} : { rewardId: rewardIds[s.reward]!, ...(s.reward === 0 ? { answer: "M" } : {}) };
            await users[s.user]!.as.mutation(api.supports.support, {
              eventId: eventIds[s.event]!,
              amountCents: s.amountCents,
              ...reward,
            }).catch(refusedByTheApp);
          } else if (s.kind === "work") {
            await advanceClock(t, QUEUE_SETTLE_MS);
          } else if (s.kind === "fail") {
            failures.turns += 1;
          } else if (s.kind === "recover") {
            await advanceClock(t, STUCK_AFTER_MS + RECOVERY_INTERVAL_SECONDS * 1_000);
            await t.mutation(internal.supportQueue.recover, {});
            await advanceClock(t, QUEUE_SETTLE_MS);
          } else if (s.kind === "checkIn") {
            const tickets = await allRows(t, "tickets");
            const code = tickets[s.ticket % Math.max(1, tickets.length)]?.code ?? "AAAAAAAAA";
            await users[0]!.as.action(api.tickets.checkIn, { eventId: eventIds[0]!, code }).catch(refusedByTheApp);
          } else if (s.kind === "cancel") {
            await users[s.event]!.as.mutation(api.events.cancel, { id: eventIds[s.event]! }).catch(refusedByTheApp);
            await advanceClock(t, 0); // the refund batches it scheduled
          } else if (s.kind === "deposit") {
            const created = await refusedOrValue(users[s.user]!.as.mutation(api.deposits.create, { amountCents: s.amountCents }));
            await runDueFunctions(t);
            const deposit = created ? await t.run((ctx) => ctx.db.get("deposits", created.depositId)) : null;
            const paymentId = deposit?.providerPaymentId;
            if (paymentId !== undefined && s.outcome !== "none") {
              if (s.outcome === "expire") bank.expire(paymentId);
              else bank.pay(paymentId, s.outcome === "otherAmount" ? { amount: 1 } : {});
              await deliverWebhook(t, paymentId);
              if (s.outcome === "payTwice") await deliverWebhook(t, paymentId);
            }
          } else if (s.kind === "withdraw") {
            const request = { amountCents: s.amountCents, keyType: "email", key: "pix@exemplo.com", ownerDocument: "529.982.247-25" };
            const created = await refusedOrValue(users[s.user]!.as.mutation(api.withdrawals.request, request));
            await runDueFunctions(t);
            if (created && s.outcome !== "none") {
              const payoutId = await payoutIdOf(t, created.withdrawalId);
              if (s.outcome === "complete") bank.completePayout(payoutId);
              else bank.failPayout(payoutId);
              await deliverWebhook(t, payoutId, { type: "transaction_intent" });
            }
          } else {
            await advanceClock(t, DAY);
          }
          await expectInvariants(t);
        }
        // Past every date: every queue applied or refunded, every event settled.
        await advanceClock(t, 4 * DAY);
        const queued = await t.run((ctx) => ctx.db.query("queuedSupports").collect());
        expect(queued.filter((row) => row.status === "pending")).toEqual([]);
        // Every support went through the queue: each applied row is one contribution, once.
        expect((await allRows(t, "contributions")).length).toBe(queued.filter((row) => row.status === "applied").length);
        expect((await allRows(t, "events")).every((event) => event.settlement !== undefined)).toBe(true);
        await expectInvariants(t);
      }),
      { numRuns: 20, seed: 20261125 },
    );
  }, 240_000);
});
