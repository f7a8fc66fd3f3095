import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { attendeeCsv } from "../../model/shared/attendeeCsv";
import { COUPON_MESSAGES, couponUnitPriceCents } from "../../model/shared/coupons";
import type { TicketTypeInput } from "../../model/shared/ticketTypes";
import { applyQueue, DAY, expectInvariants, rejectionData, signedInUser, snapshot, type Backend, type Caller } from "../test.helpers";
import { ticketedEvent } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const pista: TicketTypeInput = { name: "Pista", quantity: 20, meiaQuantity: 8, lotes: [{ priceCents: 6_000 }] };
const camarote: TicketTypeInput = { name: "Camarote", quantity: 5, meiaQuantity: 2, lotes: [{ priceCents: 15_000 }] };

async function setup(overrides = {}) {
  const event = await ticketedEvent([pista, camarote], { startsAt: Date.now() + 20 * DAY, ...overrides });
  const buyer = await signedInUser(event.t, { name: "Bia Souza", walletCents: 100_000 });
  return { ...event, buyer };
}

type Setup = Awaited<ReturnType<typeof setup>>;

function createCoupon(s: Setup, input: Partial<Parameters<Caller["mutation"]>[1]> & Record<string, unknown>) {
  return s.creator.as.mutation(api.coupons.create, {
    eventId: s.eventId,
    code: "PROMO10",
    discount: { kind: "percent", percent: 10 },
    ...input,
  } as never);
}

/** Buys as the page does: the price `coupons:preview` showed for the typed code. */
async function buyWithCoupon(t: Backend, caller: Caller, eventId: Id<"events">, typeId: string, code: string, meia = false, units = 1) {
  const preview = await caller.query(api.coupons.preview, { eventId, typeId, loteIndex: 0, meia, code });
  if (!preview.ok) throw new Error(preview.message);
  const { purchaseId } = await caller.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId,
    loteIndex: 0,
    unitPriceCents: preview.unitPriceCents,
    units,
    meia,
    ...(meia ? { meiaCategory: "estudante" } : {}),
    couponCode: code,
  });
  await applyQueue(t, eventId);
  return { purchaseId, unitPriceCents: preview.unitPriceCents };
}

describe("the organizer's coupons", () => {
  test("refused in Portuguese, nothing written: 0%, over 100%, a fixed 0, a bad or repeated code, a past date, another event's type, not the organizer", async () => {
    const s = await setup();
    await createCoupon(s, {});
    const before = await snapshot(s.t);
    const cases: [Record<string, unknown>, string][] = [
      [{ discount: { kind: "percent", percent: 0 } }, COUPON_MESSAGES.invalidPercent],
      [{ discount: { kind: "percent", percent: 101 } }, COUPON_MESSAGES.invalidPercent],
      [{ discount: { kind: "percent", percent: 12.5 } }, COUPON_MESSAGES.invalidPercent],
      [{ discount: { kind: "fixed", amountCents: 0 } }, COUPON_MESSAGES.invalidAmount],
      [{ code: "a b" }, COUPON_MESSAGES.invalidCode],
      [{ code: "promo10" }, COUPON_MESSAGES.duplicateCode],
      [{ code: "OUTRO", validUntil: Date.now() - 1 }, COUPON_MESSAGES.invalidValidUntil],
      [{ code: "OUTRO", maxUses: 0 }, COUPON_MESSAGES.invalidMaxUses],
      [{ code: "OUTRO", typeIds: [s.eventId] }, COUPON_MESSAGES.invalidTypes],
    ];
    for (const [input, message] of cases) expect((await rejectionData(createCoupon(s, input))).message).toBe(message);
    expect(
      (
        await rejectionData(
          s.buyer.as.mutation(api.coupons.create, { eventId: s.eventId, code: "MEU", discount: { kind: "percent", percent: 5 } }),
        )
      ).code,
    ).toBe("NOT_THE_ORGANIZER");
    expect(await snapshot(s.t)).toEqual(before);
  });
});

describe("buying with a coupon", () => {
  test("the buyer sees the new price before paying; meia is half of it; the CSV and the organizer's list show the coupon", async () => {
    const s = await setup();
    await createCoupon(s, { maxUses: 5 });
    expect(
      await s.buyer.as.query(api.coupons.preview, {
        eventId: s.eventId,
        typeId: s.typeIds[0]!,
        loteIndex: 0,
        meia: false,
        code: " promo10 ",
      }),
    ).toEqual({
      ok: true,
      code: "PROMO10",
      unitPriceCents: 5_400,
    });
    await buyWithCoupon(s.t, s.buyer.as, s.eventId, s.typeIds[0]!, "promo10", false, 2);
    const { unitPriceCents } = await buyWithCoupon(s.t, s.buyer.as, s.eventId, s.typeIds[0]!, "PROMO10", true);
    expect(unitPriceCents).toBe(2_700);
    expect((await s.buyer.as.query(api.users.me, {}))!.walletCents).toBe(100_000 - 2 * 5_400 - 2_700);
    const rows = (await s.creator.as.query(api.attendees.page, { eventId: s.eventId, paginationOpts: { numItems: 10, cursor: null } }))
      .page;
    expect(rows.map((row) => [row.priceCents, row.couponCode])).toEqual([
      [5_400, "PROMO10"],
      [5_400, "PROMO10"],
      [2_700, "PROMO10"],
    ]);
    expect(attendeeCsv(rows).split("\r\n")[1]).toMatch(/;PROMO10$/);
    expect((await s.creator.as.query(api.coupons.list, { eventId: s.eventId }))[0]).toMatchObject({ code: "PROMO10", uses: 2, maxUses: 5 });
    await expectInvariants(s.t);
  });

  test("a fixed coupon, with the fee passed on computed on the price after it", async () => {
    vi.stubEnv("SERVICE_FEE_TICKET_PERCENT", "10");
    const s = await setup();
    await s.creator.as.mutation(api.fees.setMode, { eventId: s.eventId, mode: "passedOn" });
    await createCoupon(s, { code: "MENOS20", discount: { kind: "fixed", amountCents: 2_000 } });
    const preview = await s.buyer.as.query(api.coupons.preview, {
      eventId: s.eventId,
      typeId: s.typeIds[0]!,
      loteIndex: 0,
      meia: false,
      code: "MENOS20",
    });
    expect(preview).toMatchObject({ ok: true, unitPriceCents: 4_000 });
    await s.buyer.as.mutation(api.ticketPurchases.buy, {
      eventId: s.eventId,
      typeId: s.typeIds[0]!,
      loteIndex: 0,
      unitPriceCents: 4_000,
      units: 1,
      meia: false,
      couponCode: "MENOS20",
      feeCents: 400,
    });
    await applyQueue(s.t, s.eventId);
    expect((await s.buyer.as.query(api.users.me, {}))!.walletCents).toBe(100_000 - 4_400);
    await expectInvariants(s.t);
  });

  test("refused before paying, the use not taken: above the price, expired, used up, another type, another event, over Máximo por pessoa, a stale price", async () => {
    const s = await setup({ maxTicketsPerPerson: 2 });
    await createCoupon(s, { code: "CAMAROTE", typeIds: [s.typeIds[1]!] });
    await createCoupon(s, { code: "GRANDE", discount: { kind: "fixed", amountCents: 7_000 } });
    await createCoupon(s, { code: "UMAVEZ", maxUses: 1 });
    await createCoupon(s, { code: "HOJE", validUntil: Date.now() + DAY });
    const other = await ticketedEvent([pista]);
    await other.creator.as.mutation(api.coupons.create, {
      eventId: other.eventId,
      code: "ALHEIO",
      discount: { kind: "percent", percent: 50 },
    });
    const ana = await signedInUser(s.t, { name: "Ana", walletCents: 100_000 });
    await buyWithCoupon(s.t, ana.as, s.eventId, s.typeIds[0]!, "UMAVEZ");
    vi.advanceTimersByTime(2 * DAY);
    const before = await snapshot(s.t);
    const attempt = (
      code: string,
      typeIndex = 0,
      units = 1,
      unitPriceCents = couponUnitPriceCents(6_000, { kind: "percent", percent: 10 }, false)!,
    ) =>
      rejectionData(
        s.buyer.as.mutation(api.ticketPurchases.buy, {
          eventId: s.eventId,
          typeId: s.typeIds[typeIndex]!,
          loteIndex: 0,
          unitPriceCents,
          units,
          meia: false,
          couponCode: code,
        }),
      );
    expect((await attempt("GRANDE")).message).toBe(COUPON_MESSAGES.aboveThePrice);
    expect((await attempt("HOJE")).message).toBe(COUPON_MESSAGES.expired);
    expect((await attempt("UMAVEZ")).message).toBe(COUPON_MESSAGES.usedUp);
    expect((await attempt("CAMAROTE")).message).toBe(COUPON_MESSAGES.otherType);
    expect((await attempt("ALHEIO")).message).toBe(COUPON_MESSAGES.notFound);
    expect((await attempt("CAMAROTE", 1, 3, 13_500)).code).toBe("PER_PERSON_LIMIT");
    expect((await attempt("CAMAROTE", 1, 1, 15_000)).code).toBe("PRICE_CHANGED");
    const preview = await s.buyer.as.query(api.coupons.preview, {
      eventId: s.eventId,
      typeId: s.typeIds[0]!,
      loteIndex: 0,
      meia: false,
      code: "HOJE",
    });
    expect(preview).toEqual({ ok: false, message: COUPON_MESSAGES.expired });
    expect(await snapshot(s.t)).toEqual(before);
  });

  test("a cancelled purchase gives its use back", async () => {
    const s = await setup();
    await createCoupon(s, { code: "UMAVEZ", maxUses: 1 });
    const { purchaseId } = await buyWithCoupon(s.t, s.buyer.as, s.eventId, s.typeIds[0]!, "UMAVEZ");
    await s.buyer.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    expect((await s.creator.as.query(api.coupons.list, { eventId: s.eventId }))[0]!.uses).toBe(0);
    await buyWithCoupon(s.t, s.buyer.as, s.eventId, s.typeIds[0]!, "UMAVEZ");
    await expectInvariants(s.t);
  });
});
