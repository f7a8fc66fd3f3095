/**
 * A ticket rush at any size: `buyers` purchases of one unit each (one in three meia) waiting
 * before the worker's first turn, for 100 units of which 40 meia. `npm test` runs it with a few
 * queue batches' worth of buyers; `npm run test:scale` with 2,000.
 */
import { expect } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { TICKET_MESSAGES, type TicketTypeInput } from "../model/shared/ticketTypes";
import { enqueuePurchase } from "../model/tickets/purchases";
import { openWallet } from "../model/wallet/ledger";
import { allRows, createEvent, expectInvariants, newBackend, rejectionData, signedInUser, workQueues } from "./test.helpers";

const UNITS = 100;
const MEIA_UNITS = 40;
const PRICE_CENTS = 2_000;
const show: TicketTypeInput = { name: "Pista", quantity: UNITS, meiaQuantity: MEIA_UNITS, lotes: [{ priceCents: PRICE_CENTS }] };

/** Exactly 100 tickets, meia within its share, everyone else refunded with the right reason, money conserved. */
export async function expectRushWithinCapacity(buyers: number) {
  const t = newBackend({ transactionLimits: true });
  const creator = await signedInUser(t, { name: "Organizadora" });
  const eventId = (await createEvent(creator.as, { isTicketed: true, goalCents: 1_000_000, ticketTypes: [show] })) as Id<"events">;
  const typeId = (await t.query(api.ticketTypes.forEvent, { eventId }))[0]!._id as Id<"ticketTypes">;
  // The buyers pay before the worker's first turn, through the purchase's own model code
  // (100 to a transaction: a call per buyer takes minutes under convex-test).
  for (let start = 0; start < buyers; start += 100) {
    await t.run(async (ctx) => {
      for (let i = start; i < Math.min(buyers, start + 100); i++) {
        const userId = await ctx.db.insert("users", { name: `Comprador ${i}`, email: `comprador${i}@exemplo.com` });
        await openWallet(ctx, userId, 5_000);
        const meia = i % 3 === 0;
        const user = (await ctx.db.get("users", userId))!;
        await enqueuePurchase(ctx, user, eventId, {
          typeId,
          loteIndex: 0,
          unitPriceCents: meia ? PRICE_CENTS / 2 : PRICE_CENTS,
          units: 1,
          meia,
          ...(meia ? { meiaCategory: "estudante" } : {}),
        });
      }
    });
  }
  await workQueues(t);
  const tickets = await allRows(t, "tickets");
  expect(tickets).toHaveLength(UNITS);
  expect(tickets.filter((ticket) => ticket.meiaCategory !== undefined)).toHaveLength(MEIA_UNITS);
  const purchases = await allRows(t, "ticketPurchases");
  expect(purchases.filter((row) => row.status === "issued")).toHaveLength(UNITS);
  expect(purchases.filter((row) => row.status === "pending")).toHaveLength(0);
  const refused = purchases.filter((row) => row.status === "refunded");
  expect(refused).toHaveLength(buyers - UNITS);
  // Inteira runs out first (2 of 3 buyers ask for it): until meia does too, an inteira buyer is
  // told that only meia is left; after that everyone hears the type is sold out.
  expect(new Set(refused.map((row) => row.refusal))).toEqual(new Set([TICKET_MESSAGES.soldOut, TICKET_MESSAGES.inteiraSoldOut]));
  expect(refused.filter((row) => row.refusal === TICKET_MESSAGES.soldOut).length).toBeGreaterThan(buyers - 2 * UNITS);
  const [block] = await t.query(api.ticketTypes.forEvent, { eventId });
  expect(block!.sales).toMatchObject({ inteiraSold: UNITS - MEIA_UNITS, meiaSold: MEIA_UNITS });
  // Later buyers are told before paying.
  const late = await signedInUser(t, { name: "Atrasada" });
  const lateBuy = late.as.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId,
    loteIndex: 0,
    unitPriceCents: PRICE_CENTS,
    units: 1,
    meia: false,
  });
  expect(await rejectionData(lateBuy)).toEqual({ code: "SOLD_OUT", message: TICKET_MESSAGES.soldOut });
  // Money is conserved (and every other invariant holds): the units paid, every other purchase refunded in full.
  expect((await t.query(api.events.get, { id: eventId }))!.raisedCents).toBe(
    (UNITS - MEIA_UNITS) * PRICE_CENTS + (MEIA_UNITS * PRICE_CENTS) / 2,
  );
  await expectInvariants(t);
}
