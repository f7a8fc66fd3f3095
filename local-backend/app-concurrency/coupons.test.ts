/**
 * `Cupons de desconto` on the real engine: a coupon's uses are written by each purchase that
 * takes one, and purchases of one coupon meet as write conflicts (convex-test never runs two at
 * once). 100 purchases at the same moment with a coupon of 20 uses: exactly 20 get the discount,
 * the others are refused before paying.
 */
import { expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { couponUnitPriceCents } from "../../convex/model/shared/coupons";
import { backendForFile, createEvent, rejectionData, waitForQuery } from "../test-support.ts";

const PURCHASES = 100;
const USES = 20;
const BUYERS = 25;

const backend = backendForFile();

it("100 parallel purchases with a 20-use coupon: exactly 20 discounted, the rest refused before paying", async () => {
  const organizer = await backend.signedIn("Organizadora", "organizadora@exemplo.com");
  const eventId = await createEvent(organizer, {
    isTicketed: true,
    goalCents: 10_000_000,
    ticketTypes: [{ name: "Pista", quantity: 500, meiaQuantity: 200, lotes: [{ priceCents: 1_000 }] }],
  });
  const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  await organizer.mutation(api.coupons.create, { eventId, code: "VINTE", discount: { kind: "percent", percent: 20 }, maxUses: USES });
  const discounted = couponUnitPriceCents(1_000, { kind: "percent", percent: 20 }, false)!;
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, (_, n) => backend.signedIn(`Comprador ${n}`, `comprador${n}@exemplo.com`)),
  );

  type Result = { buyer: number; purchaseId: string } | { refused: string };
  const results = await Promise.all(
    Array.from({ length: PURCHASES }, async (_, i): Promise<Result> => {
      try {
        const { purchaseId } = await buyers[i % BUYERS]!.mutation(api.ticketPurchases.buy, {
          eventId,
          typeId: type!._id,
          loteIndex: 0,
          unitPriceCents: discounted,
          units: 1,
          meia: false,
          couponCode: "VINTE",
        });
        return { buyer: i % BUYERS, purchaseId };
      } catch (error) {
        const data = (await rejectionData(Promise.reject(error))) as { code: string };
        return { refused: data.code };
      }
    }),
  );
  const paid = results.flatMap((result) => ("purchaseId" in result ? [result] : []));
  const refused = results.flatMap((result) => ("refused" in result ? [result.refused] : []));
  expect(paid).toHaveLength(USES);
  expect(new Set(refused)).toEqual(new Set(["COUPON_USED_UP"]));

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
  expect(outcomes.every((outcome) => outcome?.status === "issued" && outcome.amountCents === discounted)).toBe(true);
  const [coupon] = await organizer.query(api.coupons.list, { eventId });
  expect(coupon).toMatchObject({ code: "VINTE", uses: USES, maxUses: USES });
  // Every wallet paid only for its own discounted tickets.
  const spent = await Promise.all(buyers.map(async (buyer) => 5_000 - (await buyer.query(api.users.me, {}))!.walletCents!));
  expect(spent.reduce((total, cents) => total + cents, 0)).toBe(USES * discounted);
});
