import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import { allRows, createEvent, runDueFunctions, signedInUser, supportNow, type Caller } from "../test.helpers";
import { buyNow, ticketedEvent } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const statement = async (caller: Caller) =>
  (await caller.query(api.wallet.statement, { paginationOpts: { numItems: 10, cursor: null } })).page.map((row) => row.description);

test("an old purchase's statement entry, written as a support, reads as a purchase after the migration; a real support keeps Apoio a", async () => {
  const pista = { name: "Pista", quantity: 5, meiaQuantity: 2, lotes: [{ priceCents: 1_000 }] };
  const { t, eventId, typeIds, creator } = await ticketedEvent([pista], { name: "Festa Junina" });
  const buyer = await signedInUser(t, { name: "Caio", walletCents: 20_000 });
  await buyNow(t, buyer.as, eventId, typeIds[0]!);
  // As purchases were stored before they had their own statement kind.
  await t.run(async (ctx) => {
    for (const entry of await ctx.db.query("walletEntries").collect()) {
      if (entry.kind === "ticketPurchase") await ctx.db.patch("walletEntries", entry._id, { kind: "support" });
    }
  });
  // A support of the same amount by the same person, on another event, stays a support.
  const other = await createEvent(creator.as, { name: "Show de Rock" });
  await supportNow(t, buyer.as, { eventId: other, amountCents: 1_000 });
  expect(await statement(buyer.as)).toEqual(expect.arrayContaining(["Apoio a Festa Junina", "Apoio a Show de Rock"]));

  await t.mutation(internal.migrations.runAll, {});
  await runDueFunctions(t);
  const descriptions = await statement(buyer.as);
  expect(descriptions).toContain("Compra de ingressos – Festa Junina");
  expect(descriptions).toContain("Apoio a Show de Rock");
  expect(descriptions).not.toContain("Apoio a Festa Junina");
  expect((await allRows(t, "walletEntries")).filter((row) => row.kind === "ticketPurchase")).toHaveLength(1);
});
