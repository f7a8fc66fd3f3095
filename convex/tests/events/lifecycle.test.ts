import fc from "fast-check";
import { decodeJwt } from "jose";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { INITIAL_WALLET_CENTS } from "../../model/shared/money";
import { advanceClock, allRows, DAY, expectInvariants, HOUR, newBackend, type Backend, type Caller, supportNow } from "../test.helpers";

// Convex Auth signs its JWTs with these (as in auth.test.ts).
withSigningKeys();
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Signs in through the real `local` provider (a first sign-in opens the wallet). */
async function signIn(t: Backend, person: number): Promise<Caller> {
  const params = { name: `Pessoa ${person}`, email: `pessoa${person}@exemplo.com` };
  const result = await t.action(api.auth.signIn, { provider: "local", params });
  const claims = decodeJwt(result.tokens!.token);
  return t.withIdentity({ subject: claims.sub!, issuer: claims.iss! });
}

const person = fc.nat({ max: 4 });
const step = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("signIn" as const), person }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant("support" as const),
      person,
      event: fc.nat({ max: 3 }),
      // Mostly plausible amounts, with invalid ones mixed in.
      amountCents: fc.oneof(fc.integer({ min: 100, max: 3_000 }), fc.constantFrom(0, -50, 5_001)),
    }),
    weight: 5,
  },
  // People 0 and 1 created the events, so most attempts come from a creator.
  { arbitrary: fc.record({ kind: fc.constant("cancel" as const), person: fc.nat({ max: 2 }), event: fc.nat({ max: 3 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("advance" as const), hours: fc.integer({ min: 1, max: 40 }) }), weight: 1 },
);

/** Only the app's own refusals are acceptable; anything else is a bug. */
const refusedByTheApp = (error: { data?: { code?: string } }) => expect(error.data?.code).toMatch(/^[A-Z_]+$/);

/** Σ wallets + Σ what unsettled events hold = R$ 50,00 × people (docs/data-model.md). */
async function expectMoneyConserved(t: Backend) {
  const users = await allRows(t, "users");
  const events = await allRows(t, "events");
  const wallets = users.reduce((sum, user) => sum + user.walletCents!, 0);
  const held = events.filter((e) => e.settlement === undefined).reduce((sum, e) => sum + e.raisedCents, 0);
  expect(wallets + held).toBe(INITIAL_WALLET_CENTS * users.length);
}

describe("lifecycle invariants", () => {
  test("hold after random sign-ins, supports, cancellations and clock advances through settlement", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
        vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
        const t = newBackend();
        const people = new Map<number, Caller>();
        const creators = await Promise.all([0, 1].map((p) => signIn(t, p)));
        creators.forEach((caller, p) => people.set(p, caller));
        // Four events over the next days: small and large goals, ticketed or not.
        const eventIds: Id<"events">[] = [];
        for (const [i, overrides] of [
          { goalCents: 3_000, isTicketed: true },
          { goalCents: 20_000, goalPercentage: 30 },
          { goalCents: 1_000 },
          { goalCents: 50_000, isTicketed: true },
        ].entries()) {
          eventIds.push(
            await creators[i % 2]!.mutation(api.events.create, {
              venueName: "Teatro Municipal",
              city: "São Paulo",
              uf: "SP",
              name: `Evento ${i}`,
              category: "Música",
              startsAt: Date.now() + (i + 1) * 12 * HOUR,
              minSupportCents: 100,
              goalPercentage: 100,
              isTicketed: false,
              ...overrides,
            }),
          );
        }

        for (const s of steps) {
          if (s.kind === "signIn") people.set(s.person, await signIn(t, s.person));
          else if (s.kind === "advance") await advanceClock(t, s.hours * HOUR);
          else {
            const caller = people.get(s.person);
            if (caller === undefined) continue;
            const id = eventIds[s.event]!;
            const call =
              s.kind === "support"
                ? supportNow(t, caller, { eventId: id, amountCents: s.amountCents })
                : caller.mutation(api.events.cancel, { id });
            await call.catch(refusedByTheApp);
            await advanceClock(t, 0); // refund batches a cancellation scheduled
          }
          await expectMoneyConserved(t);
        }
        await expectInvariants(t);

        // Past every date: all events settled, every centavo in a wallet or paid out.
        await advanceClock(t, 3 * DAY);
        const events = await allRows(t, "events");
        expect(events.every((e) => e.settlement !== undefined)).toBe(true);
        await expectMoneyConserved(t);
        await expectInvariants(t);
      }),
      { numRuns: 30, seed: 20261123 },
    );
  }, 120_000);
});
