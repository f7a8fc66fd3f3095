import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { unitFeeCents } from "../../model/shared/fees";
import { applyQueue, DAY, expectInvariants, runDueFunctions, signedInUser } from "../test.helpers";
import { ticketedEvent } from "../test.tickets";

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubEnv("SERVICE_FEE_TICKET_PERCENT", "10");
  vi.stubEnv("SERVICE_FEE_SUPPORT_PERCENT", "7,5");
  vi.stubEnv("SERVICE_FEE_MINIMUM_CENTS", "90");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** One thing that happens to an event selling tickets with a service fee. */
const step = fc.oneof(
  fc.record({ kind: fc.constant("buy" as const), buyer: fc.nat({ max: 2 }), units: fc.integer({ min: 1, max: 3 }), meia: fc.boolean() }),
  fc.record({ kind: fc.constant("mode" as const), passedOn: fc.boolean() }),
  fc.record({ kind: fc.constant("cancelPurchase" as const), index: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant("rates" as const), percent: fc.constantFrom("0", "5", "12,5") }),
  fc.record({ kind: fc.constant("cancelEvent" as const) }),
  fc.record({ kind: fc.constant("date" as const) }),
  // A `Cortesia` to a buyer (3: an e-mail without an account yet): capacity, no money.
  fc.record({ kind: fc.constant("courtesy" as const), to: fc.nat({ max: 3 }) }),
);

describe("the books with service fees", () => {
  test("balance to the cent after any mix of purchases (fee passed on or absorbed), cortesias, cancellations, rate changes and the end", async () => {
    // The runs do give cortesias (not only refusals): counted across them.
    let courtesiesGiven = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), fc.boolean(), async (steps, reachGoal) => {
        const { t, creator, eventId, typeIds } = await ticketedEvent(
          [{ name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 2_505 }] }],
          { goalCents: reachGoal ? 3_000 : 1_000_000, startsAt: Date.now() + 20 * DAY },
        );
        const buyers = await Promise.all(["Ana", "Bia", "Caio"].map((name) => signedInUser(t, { name, walletCents: 20_000 })));
        const purchases: string[][] = [[], [], []];
        await creator.as.mutation(api.courtesies.setLimit, { eventId, limit: 4 });
        const refused = (error: { data?: { code?: string } }) => {
          expect(error.data?.code).toMatch(/^[A-Z_]+$/);
          return null;
        };
        for (const s of steps) {
          if (s.kind === "buy") {
            const shown = (await buyers[s.buyer]!.as.query(api.fees.forEvent, { eventId }))!;
            const unit = s.meia ? 1_252 : 2_505;
            const fee = shown.passedOn ? s.units * unitFeeCents(unit, shown.rates.ticketBasisPoints, shown.rates.minimumCents) : 0;
            const request = {
              eventId,
              typeId: typeIds[0]!,
              loteIndex: 0,
              unitPriceCents: unit,
              units: s.units,
              meia: s.meia,
              feeCents: fee,
            };
            const bought = await buyers[s.buyer]!.as.mutation(api.ticketPurchases.buy, {
              ...request,
              ...(s.meia ? { meiaCategory: "estudante" } : {}),
            }).catch(refused);
            if (bought) purchases[s.buyer]!.push(bought.purchaseId);
            await applyQueue(t, eventId);
          } else if (s.kind === "courtesy") {
            const email = ["ana", "bia", "caio", "dora"][s.to]!;
            const given = await creator.as
              .mutation(api.courtesies.issue, { eventId, typeId: typeIds[0]!, emails: [`${email}@exemplo.com`] })
              .catch(refused);
            if (given) courtesiesGiven += 1;
            await applyQueue(t, eventId);
          } else if (s.kind === "mode") {
            await creator.as.mutation(api.fees.setMode, { eventId, mode: s.passedOn ? "passedOn" : "absorbed" }).catch(refused);
          } else if (s.kind === "cancelPurchase") {
            const owner = s.index % 3;
            const purchaseId = purchases[owner]![s.index % Math.max(1, purchases[owner]!.length)];
            if (purchaseId !== undefined) await buyers[owner]!.as.mutation(api.ticketPurchases.cancel, { purchaseId }).catch(refused);
          } else if (s.kind === "rates") {
            vi.stubEnv("SERVICE_FEE_TICKET_PERCENT", s.percent);
          } else if (s.kind === "cancelEvent") {
            await creator.as.mutation(api.events.cancel, { id: eventId }).catch(refused);
          } else {
            vi.advanceTimersByTime(21 * DAY);
          }
          await runDueFunctions(t);
          await expectInvariants(t);
        }
        vi.advanceTimersByTime(21 * DAY);
        await runDueFunctions(t);
        await expectInvariants(t);
      }),
      { numRuns: 15, seed: 20261129 },
    );
    expect(courtesiesGiven).toBeGreaterThan(0);
  }, 240_000);
});
