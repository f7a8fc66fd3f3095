/**
 * Ingressos on the real engine: purchases side by side under Convex's optimistic concurrency
 * (convex-test runs one function at a time and never meets a write conflict), with the event
 * cancelled by its organizer while they are still coming in.
 */
import { expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { unitPriceCents } from "../../convex/model/shared/ticketTypes";
import { backendForFile, createEvent, rejectionData, waitForQuery } from "../test-support.ts";

const BUYERS = 50;
const PURCHASES = 150;
const WALLET_CENTS = 5_000;
/** What a purchase may be refused with before paying: nothing is charged then. */
const REFUSED_BEFORE_PAYING = new Set(["SOLD_OUT", "INSUFFICIENT_FUNDS", "NO_BALANCE", "EVENT_CANCELLED"]);

const pista = { name: "Pista", quantity: 30, meiaQuantity: 12, lotes: [{ priceCents: 1_000 }] };
const camarote = { name: "Camarote", quantity: 15, meiaQuantity: 6, lotes: [{ priceCents: 1_500 }] };

const backend = backendForFile();

type Paid = { buyer: number; purchaseId: string; typeIndex: number; units: number; meia: boolean };

it("150 purchases from 50 buyers over 2 types, the event cancelled midway: capacities hold, nothing pending, every wallet whole", async () => {
  const organizer = await backend.signedIn("Organizadora", "organizadora@exemplo.com");
  const eventId = await createEvent(organizer, { isTicketed: true, goalCents: 10_000_000, ticketTypes: [pista, camarote] });
  const types = await organizer.query(api.ticketTypes.forEvent, { eventId });
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, (_, n) => backend.signedIn(`Comprador ${n}`, `comprador${n}@exemplo.com`)),
  );

  // Every purchase in flight at once; when half of them have been answered, the organizer cancels.
  const paid: Paid[] = [];
  let answered = 0;
  let cancelled: Promise<unknown> | null = null;
  const purchases = Array.from({ length: PURCHASES }, async (_, i) => {
    const buyer = i % BUYERS;
    const typeIndex = i % 2;
    const units = 1 + ((i * 7) % 4);
    const meia = i % 3 === 0;
    const type = types[typeIndex]!;
    try {
      const { purchaseId } = await buyers[buyer]!.mutation(api.ticketPurchases.buy, {
        eventId,
        typeId: type._id,
        loteIndex: 0,
        unitPriceCents: unitPriceCents(type.lotes[0]!, meia),
        units,
        meia,
        ...(meia ? { meiaCategory: "estudante" } : {}),
      });
      paid.push({ buyer, purchaseId, typeIndex, units, meia });
    } catch (error) {
      const data = (await rejectionData(Promise.reject(error))) as { code: string };
      expect(REFUSED_BEFORE_PAYING).toContain(data.code);
    } finally {
      answered += 1;
      if (answered === PURCHASES / 2) cancelled = organizer.mutation(api.events.cancel, { id: eventId });
    }
  });
  await Promise.all(purchases);
  await cancelled;

  // No purchase is left pending: each is issued or refunded.
  const outcomes = await Promise.all(
    paid.map((purchase) =>
      waitForQuery(
        buyers[purchase.buyer]!,
        api.ticketPurchases.outcome,
        { purchaseId: purchase.purchaseId },
        (value) => value?.status !== "pending",
      ),
    ),
  );
  const issued = paid.filter((_, index) => outcomes[index]!.status === "issued");
  expect(issued.length).toBeGreaterThan(0);
  expect(outcomes.some((outcome) => outcome!.status === "refunded")).toBe(true);

  // Capacities: never more than a type's inteira or meia, and the counts are what was issued.
  const after = await organizer.query(api.ticketTypes.forEvent, { eventId });
  for (const [typeIndex, type] of after.entries()) {
    const sold = (meia: boolean) =>
      issued.filter((purchase) => purchase.typeIndex === typeIndex && purchase.meia === meia).reduce((sum, p) => sum + p.units, 0);
    expect(type.sales.inteiraSold).toBe(sold(false));
    expect(type.sales.meiaSold).toBe(sold(true));
    expect(type.sales.inteiraSold).toBeLessThanOrEqual(type.quantity - type.meiaQuantity);
    expect(type.sales.meiaSold).toBeLessThanOrEqual(type.meiaQuantity);
  }

  // After the cancel every wallet is whole, with one refund line per purchase that was paid
  // (refused by the queue, or refunded with the event), and every ticket cancelled.
  for (const [n, buyer] of buyers.entries()) {
    await waitForQuery(buyer, api.users.me, {}, (me) => me?.walletCents === WALLET_CENTS);
    const statement = await buyer.query(api.wallet.statement, { paginationOpts: { numItems: 100, cursor: null } });
    const mine = paid.filter((purchase) => purchase.buyer === n);
    const refunds = statement.page.filter((entry) => entry.kind === "refund");
    expect(refunds).toHaveLength(mine.length);
    // What was paid came back, line by line.
    expect(statement.page.filter((entry) => entry.kind !== "welcome").reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    const tickets = await buyer.query(api.tickets.mine, {});
    expect(tickets.every((ticket) => ticket.status === "cancelled")).toBe(true);
  }
  const units = issued.reduce((sum, purchase) => sum + purchase.units, 0);
  const list = await organizer.query(api.attendees.page, { eventId, paginationOpts: { numItems: 100, cursor: null } });
  expect(list.page).toHaveLength(units);
}, 240_000);
