import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { attendeeCsv } from "../../model/shared/attendeeCsv";
import { basisPointsOf, centsOf, unitFeeCents } from "../../model/shared/fees";
import type { TicketTypeInput } from "../../model/shared/ticketTypes";
import {
  applyQueue,
  DAY,
  expectBooksBalance,
  expectInvariants,
  rejectionData,
  runDueFunctions,
  signedInUser,
  snapshot,
  supportNow,
  type Backend,
  type Caller,
} from "../test.helpers";
import { ticketedEvent } from "../test.tickets";

beforeEach(() => {
  vi.useFakeTimers();
  // 10% of tickets, 5% of supports, at least R$ 1,00 each.
  vi.stubEnv("SERVICE_FEE_TICKET_PERCENT", "10");
  vi.stubEnv("SERVICE_FEE_SUPPORT_PERCENT", "5");
  vi.stubEnv("SERVICE_FEE_MINIMUM_CENTS", "100");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** Pista: R$ 25,05 inteira (meia R$ 12,52/12,53 by the type's rule), 20 units. */
const pista: TicketTypeInput = { name: "Pista", quantity: 20, meiaQuantity: 8, lotes: [{ priceCents: 2_505 }] };

const wallet = async (caller: Caller) => (await caller.query(api.users.me, {}))!.walletCents;
const statement = async (caller: Caller) =>
  (await caller.query(api.wallet.statement, { paginationOpts: { numItems: 20, cursor: null } })).page;

/** Buys as the page does: at the price and the fee it shows. */
async function buyShown(t: Backend, caller: Caller, eventId: Id<"events">, typeId: string, units = 1) {
  const shown = (await caller.query(api.fees.forEvent, { eventId }))!;
  const fee = shown.passedOn ? units * unitFeeCents(2_505, shown.rates.ticketBasisPoints, shown.rates.minimumCents) : 0;
  const { purchaseId } = await caller.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId,
    loteIndex: 0,
    unitPriceCents: 2_505,
    units,
    meia: false,
    feeCents: fee,
  });
  await applyQueue(t, eventId);
  return purchaseId;
}

describe("the fee rule", () => {
  test("rounds half up to the cent, never below the minimum nor above the price; a free unit pays nothing", () => {
    expect(unitFeeCents(2_505, 1_000, 0)).toBe(251); // 250,5 → 251
    expect(unitFeeCents(2_504, 1_000, 0)).toBe(250); // 250,4 → 250
    expect(unitFeeCents(500, 1_000, 100)).toBe(100); // 50 → the minimum
    expect(unitFeeCents(80, 1_000, 100)).toBe(80); // the minimum, but never more than the price
    expect(unitFeeCents(0, 1_000, 100)).toBe(0);
    expect(unitFeeCents(10_000, 0, 0)).toBe(0);
    expect(unitFeeCents(10_000, 750, 0)).toBe(750);
  });

  test("deployment variables: percentages with a point or a comma, whole cents; anything else is no fee", () => {
    expect(basisPointsOf("10")).toBe(1_000);
    expect(basisPointsOf("7,5")).toBe(750);
    expect(basisPointsOf(" 2.25 ")).toBe(225);
    for (const bad of [undefined, "", "-5", "101", "abc", "1e3", "10%"]) expect(basisPointsOf(bad)).toBe(0);
    expect(centsOf("150")).toBe(150);
    for (const bad of [undefined, "", "-1", "1.5", "x"]) expect(centsOf(bad)).toBe(0);
  });
});

describe("Repassar a taxa ao comprador", () => {
  async function passedOnEvent() {
    const setup = await ticketedEvent([pista], { goalCents: 5_000, startsAt: Date.now() + 20 * DAY });
    await setup.creator.as.mutation(api.fees.setMode, { eventId: setup.eventId, mode: "passedOn" });
    const buyer = await signedInUser(setup.t, { name: "Bia Souza", walletCents: 10_000 });
    return { ...setup, buyer };
  }

  test("the buyer pays the price plus the fee they saw; the Extrato, the ticket and the CSV show it", async () => {
    const { t, creator, eventId, typeIds, buyer } = await passedOnEvent();
    expect(await buyer.as.query(api.fees.forEvent, { eventId })).toEqual({
      rates: { ticketBasisPoints: 1_000, supportBasisPoints: 500, minimumCents: 100 },
      passedOn: true,
    });
    await buyShown(t, buyer.as, eventId, typeIds[0]!, 2);
    // 2 × (R$ 25,05 + R$ 2,51) = R$ 55,12
    expect(await wallet(buyer.as)).toBe(10_000 - 5_512);
    const [line] = await statement(buyer.as);
    expect(line).toMatchObject({ amountCents: -5_512, detail: "Ingresso R$ 50,10 + taxa R$ 5,02 = R$ 55,12" });
    // The goal counts the price only: the fee is the platform's.
    expect((await t.query(api.events.get, { id: eventId }))!.raisedCents).toBe(5_010);
    const page = await creator.as.query(api.attendees.page, { eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(page.page.map((row) => row.feeCents)).toEqual([251, 251]);
    expect(attendeeCsv(page.page).split("\r\n")[1]).toMatch(/;R\$\s2,51;$/);
    await expectInvariants(t);
  });

  test("Cancelar compra gives back the price and the fee", async () => {
    const { t, eventId, typeIds, buyer } = await passedOnEvent();
    const purchaseId = await buyShown(t, buyer.as, eventId, typeIds[0]!);
    expect(await buyer.as.mutation(api.ticketPurchases.cancel, { purchaseId })).toEqual({ refundedCents: 2_756 });
    expect(await wallet(buyer.as)).toBe(10_000);
    expect((await statement(buyer.as))[0]).toMatchObject({ amountCents: 2_756, detail: "Inclui a taxa de serviço de R$ 2,51" });
    await expectInvariants(t);
  });

  test("a cancelled event gives back the price and the fee", async () => {
    const { t, creator, eventId, typeIds, buyer } = await passedOnEvent();
    await buyShown(t, buyer.as, eventId, typeIds[0]!);
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await runDueFunctions(t);
    expect(await wallet(buyer.as)).toBe(10_000);
    expect(await t.query(internal.books.report, {})).toMatchObject({ platformBalanceCents: 0 });
    await expectInvariants(t);
  });

  test("a fee change while the buyer pays: refused with the price-changed message, nothing charged", async () => {
    const { t, creator, eventId, typeIds, buyer } = await passedOnEvent();
    const seen = (await buyer.as.query(api.fees.forEvent, { eventId }))!;
    const sawFee = unitFeeCents(2_505, seen.rates.ticketBasisPoints, seen.rates.minimumCents);
    const request = { eventId, typeId: typeIds[0]!, loteIndex: 0, unitPriceCents: 2_505, units: 1, meia: false, feeCents: sawFee };
    vi.stubEnv("SERVICE_FEE_TICKET_PERCENT", "12");
    const before = await snapshot(t);
    expect(await rejectionData(buyer.as.mutation(api.ticketPurchases.buy, request))).toMatchObject({
      code: "PRICE_CHANGED",
      message: "O preço deste ingresso mudou. Confira o novo valor.",
    });
    // The organizer absorbs it now: a buyer who saw a fee on top is told the price changed too.
    vi.stubEnv("SERVICE_FEE_TICKET_PERCENT", "10");
    await creator.as.mutation(api.fees.setMode, { eventId, mode: "absorbed" });
    expect((await rejectionData(buyer.as.mutation(api.ticketPurchases.buy, request))).code).toBe("PRICE_CHANGED");
    const after = await snapshot(t);
    expect(after.walletEntries).toEqual(before.walletEntries);
    expect(after.ticketPurchases).toEqual(before.ticketPurchases);
  });

  test("a buyer without the fee in the wallet is refused, nothing charged", async () => {
    const { t, eventId, typeIds } = await passedOnEvent();
    const poor = await signedInUser(t, { name: "Caio", walletCents: 2_600 });
    const before = await snapshot(t);
    await expect(buyShown(t, poor.as, eventId, typeIds[0]!)).rejects.toMatchObject({ data: { code: "INSUFFICIENT_FUNDS" } });
    expect(await snapshot(t)).toEqual(before);
  });
});

describe("Absorver a taxa and supports: taken from the payout", () => {
  test("the payout is bruto − taxa; the platform's account gets every fee; the Extrato says so", async () => {
    const { t, creator, eventId, typeIds } = await ticketedEvent([pista], { goalCents: 5_000, startsAt: Date.now() + 20 * DAY });
    const buyer = await signedInUser(t, { name: "Bia Souza", walletCents: 10_000 });
    await buyShown(t, buyer.as, eventId, typeIds[0]!, 2);
    // Absorbed: the buyer pays the price alone.
    expect(await wallet(buyer.as)).toBe(10_000 - 5_010);
    const walletBefore = await wallet(creator.as);
    vi.advanceTimersByTime(21 * DAY);
    await runDueFunctions(t);
    // R$ 50,10 − 2 × R$ 2,51 = R$ 45,08
    expect(await wallet(creator.as)).toBe(walletBefore + 4_508);
    const [payout] = await statement(creator.as);
    expect(payout).toMatchObject({ kind: "payout", amountCents: 4_508 });
    expect(payout!.detail).toContain("Repasse: R$ 50,10 − taxa R$ 5,02 = R$ 45,08");
    expect(await creator.as.query(api.fees.payout, { eventId })).toEqual({
      grossCents: 5_010,
      feeCents: 502,
      netCents: 4_508,
      text: "Repasse: R$ 50,10 − taxa R$ 5,02 = R$ 45,08",
    });
    expect(await buyer.as.query(api.fees.payout, { eventId })).toBeNull();
    expect((await t.query(internal.books.report, {})).platformBalanceCents).toBe(502);
    await expectInvariants(t);
  });

  test("a support's fee (5%, at least R$ 1,00) comes out of the payout; the supporter CSV shows it; Cancelar apoio gives back all", async () => {
    const { t, creator, eventId } = await ticketedEvent([], { goalCents: 3_000, minSupportCents: 500, startsAt: Date.now() + 20 * DAY });
    const ana = await signedInUser(t, { name: "Ana", walletCents: 10_000 });
    const bia = await signedInUser(t, { name: "Bia", walletCents: 10_000 });
    await supportNow(t, ana.as, { eventId, amountCents: 1_000 });
    expect(await wallet(ana.as)).toBe(9_000);
    const [anaTicket] = await ana.as.query(api.tickets.mine, {});
    await ana.as.mutation(api.tickets.cancelSupport, { ticketId: anaTicket!._id });
    expect(await wallet(ana.as)).toBe(10_000);
    await supportNow(t, ana.as, { eventId, amountCents: 1_000 });
    await supportNow(t, bia.as, { eventId, amountCents: 4_010 });
    const list = await creator.as.query(api.rewards.supporters, { eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(list.page.map((row) => row.feeCents).sort()).toEqual([100, 201]);
    const walletBefore = await wallet(creator.as);
    vi.advanceTimersByTime(21 * DAY);
    await runDueFunctions(t);
    expect(await wallet(creator.as)).toBe(walletBefore + 5_010 - 301);
    expect((await t.query(internal.books.report, {})).platformBalanceCents).toBe(301);
    await expectInvariants(t);
  });
});

describe("who may choose", () => {
  test("only the creator, and not once the event is over", async () => {
    const { t, creator, eventId } = await ticketedEvent([pista], { startsAt: Date.now() + 20 * DAY });
    const other = await signedInUser(t, { name: "Outra" });
    expect(await rejectionData(other.as.mutation(api.fees.setMode, { eventId, mode: "passedOn" }))).toMatchObject({
      code: "NOT_THE_CREATOR",
      message: "Só quem criou o evento pode mudar a taxa de serviço.",
    });
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await runDueFunctions(t);
    expect((await rejectionData(creator.as.mutation(api.fees.setMode, { eventId, mode: "passedOn" }))).code).toBe("EVENT_OVER");
    expect((await t.query(api.fees.forEvent, { eventId }))!.passedOn).toBe(false);
  });
});

describe("the daily check of the books", () => {
  async function runCheck(t: Backend) {
    await t.mutation(internal.books.startCheck, {});
    await runDueFunctions(t);
    return (await t.query(internal.books.report, {})).lastCheck;
  }

  test("balances after purchases, supports and a payout, page by page; a cent out of place is reported", async () => {
    const { t, creator, eventId, typeIds } = await ticketedEvent([pista], { goalCents: 5_000, startsAt: Date.now() + 20 * DAY });
    await creator.as.mutation(api.fees.setMode, { eventId, mode: "passedOn" });
    const buyer = await signedInUser(t, { name: "Bia Souza", walletCents: 10_000 });
    await buyShown(t, buyer.as, eventId, typeIds[0]!, 2);
    expect(await runCheck(t)).toMatchObject({ status: "balanced", differenceCents: 0 });
    vi.advanceTimersByTime(21 * DAY);
    await runDueFunctions(t);
    const check = await runCheck(t);
    expect(check).toMatchObject({ status: "balanced", differenceCents: 0, totals: { platformCents: 502 } });
    await expectBooksBalance(t);
    // A wallet credited out of nowhere: the next check says by how much.
    await t.run(async (ctx) =>
      ctx.db.patch("users", buyer.userId, { walletCents: (await ctx.db.get("users", buyer.userId))!.walletCents! + 1 }),
    );
    vi.advanceTimersByTime(1_000);
    expect(await runCheck(t)).toMatchObject({ status: "unbalanced", differenceCents: -1 });
  });

  test("money that moves while it reads makes it start over, and the cron is scheduled daily", async () => {
    const { t, eventId, typeIds } = await ticketedEvent([pista], { startsAt: Date.now() + 20 * DAY });
    const buyer = await signedInUser(t, { name: "Bia Souza", walletCents: 10_000 });
    const checkId = await t.mutation(internal.books.startCheck, {});
    vi.advanceTimersByTime(1_000);
    await buyShown(t, buyer.as, eventId, typeIds[0]!);
    await runDueFunctions(t);
    const checks = await t.run((ctx) => ctx.db.query("booksChecks").collect());
    expect(checks.find((row) => row._id === checkId)?.status).toBe("moved");
    expect(checks.at(-1)).toMatchObject({ status: "balanced", attempt: 2 });
    const crons = (await import("../../crons")).default as unknown as { crons: Record<string, { name: string }> };
    expect(crons.crons["check that the books balance"]?.name).toBe("books:startCheck");
  });
});
