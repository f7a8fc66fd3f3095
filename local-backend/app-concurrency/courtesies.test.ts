/**
 * `Cortesias` on the real engine: a cortesia takes its unit in the type's counts, the document the
 * event's queue writes when it decides purchases, so the two meet as write conflicts (convex-test
 * never runs two at once). 20 inteira units, 20 buyers and 10 cortesias at the same moment:
 * exactly 20 units go, between tickets bought and cortesias, and nobody pays for a refused one.
 */
import { expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { backendForFile, createEvent, rejectionData, waitForQuery } from "../test-support.ts";

const INTEIRA = 20;
const BUYERS = 20;
const COURTESIES = 10;
const PRICE = 1_000;

const backend = backendForFile();

it("buyers and cortesias racing for 20 inteira units: exactly 20 given, every refused buyer refunded", async () => {
  const organizer = await backend.signedIn("Organizadora", "organizadora@exemplo.com");
  const eventId = await createEvent(organizer, {
    isTicketed: true,
    goalCents: 10_000_000,
    ticketTypes: [{ name: "Pista", quantity: INTEIRA + 20, meiaQuantity: 20, lotes: [{ priceCents: PRICE }] }],
  });
  const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  await organizer.mutation(api.courtesies.setLimit, { eventId, limit: COURTESIES });
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, (_, n) => backend.signedIn(`Comprador ${n}`, `comprador${n}@exemplo.com`)),
  );

  const refusal = async (call: Promise<unknown>) => {
    try {
      return { ok: await call };
    } catch (error) {
      return { refused: ((await rejectionData(Promise.reject(error))) as { code: string }).code };
    }
  };
  const buy = (n: number) =>
    buyers[n]!.mutation(api.ticketPurchases.buy, {
      eventId,
      typeId: type!._id,
      loteIndex: 0,
      unitPriceCents: PRICE,
      units: 1,
      meia: false,
    });
  const give = (n: number) =>
    organizer.mutation(api.courtesies.issue, { eventId, typeId: type!._id, emails: [`convidado${n}@exemplo.com`] });
  const [bought, given] = await Promise.all([
    Promise.all(Array.from({ length: BUYERS }, (_, n) => refusal(buy(n)))),
    Promise.all(Array.from({ length: COURTESIES }, (_, n) => refusal(give(n)))),
  ]);

  const courtesies = given.filter((result) => "ok" in result).length;
  // A cortesia is refused only because the units were gone; a buyer, before paying or by the queue.
  expect(new Set(given.flatMap((result) => ("refused" in result ? [result.refused] : [])))).toEqual(
    new Set(courtesies === COURTESIES ? [] : ["INVALID_COURTESY"]),
  );
  const outcomes = await Promise.all(
    bought.map(async (result, n) => {
      if (!("ok" in result)) return "refusedBeforePaying";
      const { purchaseId } = result.ok as { purchaseId: string };
      const outcome = await waitForQuery(buyers[n]!, api.ticketPurchases.outcome, { purchaseId }, (value) => value?.status !== "pending");
      return outcome!.status;
    }),
  );
  const issued = outcomes.filter((status) => status === "issued").length;
  expect(issued + courtesies).toBe(INTEIRA);
  expect(outcomes.every((status) => ["issued", "refunded", "refusedBeforePaying"].includes(status))).toBe(true);
  // Only the tickets issued were paid for.
  const spent = await Promise.all(buyers.map(async (buyer) => 5_000 - (await buyer.query(api.users.me, {}))!.walletCents!));
  expect(spent.reduce((total, cents) => total + cents, 0)).toBe(issued * PRICE);
  expect(await organizer.query(api.courtesies.summary, { eventId })).toMatchObject({ issued: courtesies });
});
