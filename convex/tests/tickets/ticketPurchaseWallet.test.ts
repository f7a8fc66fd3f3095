/**
 * A ticket purchase in the wallet: the Extrato calls it a purchase, it spends bonus money first
 * like a support (so a payout hands that part to the organizer as bonus, never as cash), and it
 * is refused while money is owed to a returned deposit.
 */
import { beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { unitPriceCents, type TicketTypeInput } from "../../model/shared/ticketTypes";
import { withPixTestBackend } from "../test.pix";
import {
  advanceClock,
  applyQueue,
  type Backend,
  type Caller,
  createEvent,
  DAY,
  expectInvariants,
  rejectionData,
  signedInUser,
  snapshot,
} from "../test.helpers";

let t: Backend;
let ana: { userId: Id<"users">; as: Caller };
withPixTestBackend((setup) => ({ t, ana } = setup));
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const pista: TicketTypeInput = { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 4_000 }] };

async function ticketedEvent(goalCents: number) {
  const eventId = (await createEvent(ana.as, {
    isTicketed: true,
    goalCents,
    startsAt: Date.now() + DAY,
    ticketTypes: [pista],
  })) as Id<"events">;
  const [type] = await ana.as.query(api.ticketTypes.forEvent, { eventId });
  return { eventId, typeId: type!._id as string, price: unitPriceCents(type!.lotes[0]!, false) };
}

const buyOne = (caller: Caller, eventId: Id<"events">, typeId: string, price: number) =>
  caller.mutation(api.ticketPurchases.buy, { eventId, typeId, loteIndex: 0, unitPriceCents: price, units: 1, meia: false });

const statementOf = async (caller: Caller) =>
  (await caller.query(api.wallet.statement, { paginationOpts: { numItems: 20, cursor: null } })).page;

describe("a ticket purchase in the wallet", () => {
  test("reads `Compra de ingressos – <evento>` in the Extrato", async () => {
    const { eventId, typeId, price } = await ticketedEvent(1_000_000);
    const bia = await signedInUser(t, { name: "Bia" });
    await buyOne(bia.as, eventId, typeId, price);
    await applyQueue(t, eventId);
    expect((await statementOf(bia.as))[0]).toMatchObject({
      kind: "ticketPurchase",
      description: "Compra de ingressos – Show de Rock",
      amountCents: -4_000,
    });
    await expectInvariants(t);
  });

  test("bonus money spent on tickets reaches the organizer as bonus, never as withdrawable money", async () => {
    const { eventId, typeId, price } = await ticketedEvent(4_000);
    const bia = await signedInUser(t, { name: "Bia" });
    await buyOne(bia.as, eventId, typeId, price);
    await applyQueue(t, eventId);
    await advanceClock(t, DAY);
    expect((await ana.as.query(api.withdrawals.summary, {}))?.withdrawableCents).toBe(0);
    expect((await statementOf(ana.as))[0]).toMatchObject({ kind: "payout", detail: "R$ 0,00 disponível para saque · R$ 40,00 em bônus" });
    await expectInvariants(t);
  });

  test("is refused while the wallet owes a returned deposit, and changes nothing", async () => {
    const { eventId, typeId, price } = await ticketedEvent(1_000_000);
    const bia = await signedInUser(t, { name: "Bia" });
    await t.run((ctx) => ctx.db.patch("users", bia.userId, { owedCents: 1_000 }));
    const before = await snapshot(t);
    expect(await rejectionData(buyOne(bia.as, eventId, typeId, price))).toMatchObject({ code: "MONEY_OWED" });
    expect(await snapshot(t)).toEqual(before);
  });
});
