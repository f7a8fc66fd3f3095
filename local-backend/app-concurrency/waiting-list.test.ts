/**
 * `Lista de espera` on the real engine, under Convex's optimistic concurrency (convex-test runs
 * one function at a time and never meets a conflict): purchases cancelled in parallel while
 * people join the line give each returned unit to exactly one person, first in line first; and
 * however many race to buy, the type never sells past its quantity.
 */
import type { ConvexClient } from "convex/browser";
import { expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { backendForFile, createEvent, rejectionData, waitForQuery } from "../test-support.ts";

const CAPACITY = 10;
const WAITING = 40;
/** Joining while the cancellations run: they must neither be skipped nor jump the line. */
const LATE_JOINERS = 5;
const PRICE_CENTS = 1_000;

const backend = backendForFile();

const people = (prefix: string, count: number) =>
  Promise.all(Array.from({ length: count }, (_, n) => backend.signedIn(`${prefix} ${n}`, `${prefix.toLowerCase()}${n}@exemplo.com`)));

it("40 waiting while 10 purchases are cancelled at once: exactly 10 units held, in line order, none twice; never sold past capacity", async () => {
  const [organizer] = await people("Organizadora", 1);
  const palestra = { name: "Palestra", quantity: CAPACITY, meiaQuantity: 0, lotes: [{ priceCents: PRICE_CENTS }] };
  const eventId = await createEvent(organizer!, {
    isTicketed: true,
    category: "Tecnologia",
    goalCents: 10_000_000,
    ticketTypes: [palestra],
  });
  const [type] = await organizer!.query(api.ticketTypes.forEvent, { eventId });
  const typeId = type!._id;
  const buy = (client: ConvexClient, extra: { holdId?: string } = {}) =>
    client.mutation(api.ticketPurchases.buy, {
      eventId,
      typeId,
      loteIndex: 0,
      unitPriceCents: PRICE_CENTS,
      units: 1,
      meia: false,
      ...extra,
    });

  const buyers = await people("Comprador", CAPACITY);
  const purchaseIds: string[] = [];
  for (const buyer of buyers) {
    const { purchaseId } = await buy(buyer);
    await waitForQuery(buyer, api.ticketPurchases.outcome, { purchaseId }, (value) => value?.status === "issued");
    purchaseIds.push(purchaseId);
  }

  // Forty join at once; the engine orders them, and each reads their place.
  const waiting = await people("Fila", WAITING);
  await Promise.all(waiting.map((client) => client.mutation(api.waitingList.join, { eventId, typeId, units: 1, meia: false })));
  const positions = await Promise.all(
    waiting.map(async (client) => {
      const [place] = await client.query(api.waitingList.mine, { eventId });
      return place!.status === "waiting" ? place!.position : -1;
    }),
  );
  expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: WAITING }, (_, n) => n + 1));

  // All ten cancel at once, while five more join.
  const late = await people("Atrasado", LATE_JOINERS);
  await Promise.all([
    ...buyers.map((buyer, n) => buyer.mutation(api.ticketPurchases.cancel, { purchaseId: purchaseIds[n]! })),
    ...late.map((client) => client.mutation(api.waitingList.join, { eventId, typeId, units: 1, meia: false })),
  ]);

  const places = await Promise.all([...waiting, ...late].map((client) => client.query(api.waitingList.mine, { eventId })));
  const heldBy = places.flatMap((list, n) => (list[0]?.status === "held" ? [n] : []));
  expect(heldBy).toHaveLength(CAPACITY);
  // In line order: the holders are exactly the ten who stood first.
  expect(heldBy.map((n) => positions[n]).sort((a, b) => a! - b!)).toEqual(Array.from({ length: CAPACITY }, (_, n) => n + 1));
  for (const n of heldBy) expect(places[n]![0]).toMatchObject({ heldUnits: 1 });
  // The rest moved up: 1..35 among those still waiting, no place twice.
  const stillWaiting = places.flatMap((list) => (list[0]?.status === "waiting" ? [list[0].position] : []));
  expect(stillWaiting.sort((a, b) => a - b)).toEqual(Array.from({ length: WAITING + LATE_JOINERS - CAPACITY }, (_, n) => n + 1));
  const [afterCancels] = await organizer!.query(api.ticketTypes.forEvent, { eventId });
  expect(afterCancels!.sales.inteiraSold).toBe(CAPACITY);

  // Everyone races to buy: the holders with their holds, the others without (or with someone else's).
  const holders = heldBy.map((n) => [...waiting, ...late][n]!);
  const others = [...waiting, ...late].filter((_, n) => !heldBy.includes(n));
  const someHold = places[heldBy[0]!]![0]!.entryId;
  const [bought, refused] = await Promise.all([
    Promise.all(
      holders.map(async (client, n) => {
        const { purchaseId } = await buy(client, { holdId: places[heldBy[n]!]![0]!.entryId });
        return waitForQuery(client, api.ticketPurchases.outcome, { purchaseId }, (value) => value?.status !== "pending");
      }),
    ),
    Promise.all(others.slice(0, 10).map((client, n) => rejectionData(buy(client, n % 2 === 0 ? {} : { holdId: someHold })))),
  ]);
  expect(bought.map((outcome) => outcome?.status)).toEqual(Array.from({ length: CAPACITY }, () => "issued"));
  for (const refusal of refused) expect(["SOLD_OUT", "HOLD_NOT_YOURS"]).toContain((refusal as { code: string }).code);
  const [final] = await organizer!.query(api.ticketTypes.forEvent, { eventId });
  expect(final!.sales.inteiraSold).toBe(CAPACITY);
  const attendees = await organizer!.query(api.attendees.page, { eventId, paginationOpts: { numItems: 100, cursor: null } });
  expect(attendees.page.filter((row) => row.status !== "cancelled")).toHaveLength(CAPACITY);
});
