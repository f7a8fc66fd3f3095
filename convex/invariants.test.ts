import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createEvent, expectInvariants, newBackend, signedInUser } from "./test.helpers";

const supportStep = fc.record({
  user: fc.nat({ max: 3 }),
  event: fc.nat({ max: 2 }),
  // Mostly plausible amounts, with invalid ones (0, negatives, fractions) mixed in.
  amountCents: fc.oneof(fc.integer({ min: 1, max: 2_500 }), fc.constantFrom(0, -50, 12.5, 5_001)),
});

describe("ledger invariants", () => {
  test("hold after randomized supports by several users, accepted or refused", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(supportStep, { minLength: 1, maxLength: 40 }), async (steps) => {
        const t = newBackend();
        const users = await Promise.all(
          ["Ana", "Bia", "Caio", "Duda"].map((name) => signedInUser(t, { name })),
        );
        const eventIds: Id<"events">[] = [
          await createEvent(users[0]!.as, { goalCents: 6_000, minSupportCents: 100, isTicketed: true }),
          await createEvent(users[1]!.as, { goalCents: 20_000, minSupportCents: 300, goalPercentage: 40 }),
          await createEvent(users[2]!.as, { goalCents: 1_500, minSupportCents: 1 }),
        ];
        for (const step of steps) {
          const eventId = eventIds[step.event]!;
          await users[step.user]!.as.mutation(api.supports.support, { eventId, amountCents: step.amountCents }).catch(
            (error: { data?: { code?: string } }) => {
              // Only the app's own refusals are acceptable; anything else is a bug.
              expect(error.data?.code).toMatch(/^[A-Z_]+$/);
            },
          );
        }
        await expectInvariants(t);
      }),
      { numRuns: 25, seed: 20261122 },
    );
  });
});
