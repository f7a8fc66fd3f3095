import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { allRows, createEvent, DAY, expectInvariants, newBackend, runDueFunctions, signedInUser, supportNow } from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** One thing that happens to a ticketed event: a support, a check-in at the door, or the end. */
const step = fc.oneof(
  fc.record({ kind: fc.constant("support" as const), fan: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant("checkIn" as const), ticket: fc.nat({ max: 20 }) }),
  fc.record({ kind: fc.constant("cancel" as const) }),
  fc.record({ kind: fc.constant("date" as const) }),
);

describe("ticketsUsed", () => {
  test("is the number of used tickets after any mix of supports, check-ins and refunds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const t = newBackend();
        const organizer = await signedInUser(t, { name: "Organizadora" });
        const fans = await Promise.all(["Ana", "Bia", "Caio"].map((name) => signedInUser(t, { name })));
        // A goal nobody reaches: the date refunds, like a cancel does.
        const eventId = await createEvent(organizer.as, {
          isTicketed: true,
          minSupportCents: 100,
          goalCents: 1_000_000,
          startsAt: Date.now() + DAY,
        });
        for (const action of steps) {
          const call =
            action.kind === "support"
              ? supportNow(t, fans[action.fan]!.as, { eventId, amountCents: 100 })
              : action.kind === "checkIn"
                ? allRows(t, "tickets").then((tickets) =>
                    organizer.as.action(api.tickets.checkIn, {
                      eventId,
                      code: tickets[action.ticket % Math.max(1, tickets.length)]?.code ?? "AAAAAAAAA",
                    }),
                  )
                : action.kind === "cancel"
                  ? organizer.as.mutation(api.events.cancel, { id: eventId })
                  : Promise.resolve(vi.advanceTimersByTime(DAY));
          await call.catch((error: { data?: { code?: string } }) => expect(error.data?.code).toMatch(/^[A-Z_]+$/));
          await runDueFunctions(t);
        }
        await expectInvariants(t);
      }),
      { numRuns: 30, seed: 20261125 },
    );
  }, 120_000);

  test("a used ticket cancelled by a refund is no longer counted, nor its seat", async () => {
    const t = newBackend();
    const organizer = await signedInUser(t, { name: "Organizadora" });
    const fan = await signedInUser(t, { name: "Fã" });
    const eventId = await createEvent(organizer.as, { isTicketed: true, minSupportCents: 100 });
    await supportNow(t, fan.as, { eventId, amountCents: 100 });
    const [ticket] = await fan.as.query(api.tickets.mine, {});
    await organizer.as.action(api.tickets.checkIn, { eventId, code: ticket!.code });
    expect(await organizer.as.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: 1, used: 1 });
    await organizer.as.mutation(api.events.cancel, { id: eventId });
    await runDueFunctions(t);
    expect(await organizer.as.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: 0, used: 0 });
    await expectInvariants(t);
  });
});
