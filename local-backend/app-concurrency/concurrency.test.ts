import { expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { backendForFile, createEvent, rejectionData, waitForQuery } from "../test-support.ts";

const backend = backendForFile();

it("keeps the invariants under 40 concurrent supports from 4 signed-in clients", async () => {
  const creator = await backend.signedIn("Criador", "criador@exemplo.com");
  const eventId = await createEvent(creator, { goalCents: 10_000_000, minSupportCents: 500 });
  const supporters = await Promise.all([1, 2, 3, 4].map((n) => backend.signedIn(`Apoiador ${n}`, `apoiador${n}@exemplo.com`)));

  // 10 supports of R$ 7,00 each: only 7 fit in a R$ 50,00 wallet, so 3 per person must fail.
  const AMOUNT = 700;
  const attempts = supporters.flatMap((client) =>
    Array.from({ length: 10 }, () =>
      client.mutation(api.supports.support, { eventId, amountCents: AMOUNT }).then(
        () => "ok" as const,
        (error: unknown) => error,
      ),
    ),
  );
  const outcomes = await Promise.all(attempts);
  const failures = outcomes.filter((outcome) => outcome !== "ok");
  expect(outcomes.length).toBe(40);
  expect(outcomes.filter((outcome) => outcome === "ok").length).toBe(28);
  for (const failure of failures) {
    expect(await rejectionData(Promise.reject(failure))).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
  }

  let total = 0;
  for (const client of supporters) {
    const me = await client.query(api.users.me, {});
    // Taken at once (the wallet is debited), applied by the event's queue a moment later.
    const mine = await waitForQuery(client, api.supports.mine, { eventId }, (value) => value.amountCents === 7 * AMOUNT);
    expect(me!.walletCents).toBeGreaterThanOrEqual(0);
    expect(me!.walletCents).toBe(5_000 - mine.amountCents);
    expect(mine.amountCents).toBe(7 * AMOUNT);
    total += mine.amountCents;
  }
  const event = await waitForQuery(creator, api.events.get, { id: eventId }, (value) => value?.raisedCents === total);
  expect(event!.raisedCents).toBe(total);
  expect(event!.uniqueSupporters).toBe(4);
  expect(await creator.query(api.supports.mine, { eventId })).toEqual({ supported: false, amountCents: 0 });
  const mine = await creator.query(api.events.mine, {});
  expect(mine.find((own) => own._id === eventId)).toMatchObject({ raisedCents: total });
});
