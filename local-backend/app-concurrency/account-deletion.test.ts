/**
 * `Excluir minha conta` racing a ticket purchase on the real engine, both sent at once under
 * Convex's optimistic concurrency (convex-test runs one function at a time and never meets the
 * conflict). Exactly one wins: either the purchase is refused as signed out and the account is
 * gone with its wallet untouched, or the purchase stands and the deletion is refused for it.
 */
import { expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { backendForFile, createEvent, settled, waitForQuery } from "../test-support.ts";

const ROUNDS = 8;
const PRICE_CENTS = 1_000;
const WELCOME_CENTS = 5_000;

const backend = backendForFile();

it("a deletion racing a purchase: one wins, and the wallet, the tickets and the account agree", async () => {
  const organizer = await backend.signedIn("Organizadora", "organizadora.exclusao@exemplo.com");
  const pista = { name: "Pista", quantity: 100, meiaQuantity: 40, lotes: [{ priceCents: PRICE_CENTS }] };
  const eventId = await createEvent(organizer, { isTicketed: true, goalCents: 10_000_000, ticketTypes: [pista] });
  const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });

  const outcomes: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const buyer = await backend.signedIn(`Comprador ${round}`, `comprador.exclusao${round}@exemplo.com`);
    const [buy, deletion] = await Promise.all([
      settled(
        buyer.mutation(api.ticketPurchases.buy, {
          eventId,
          typeId: type!._id,
          loteIndex: 0,
          unitPriceCents: PRICE_CENTS,
          units: 1,
          meia: false,
        }),
      ),
      settled(buyer.mutation(api.myData.deleteMyAccount, {})),
    ]);
    expect([
      { buy: "ok", deletion: "ACCOUNT_NOT_DELETABLE" },
      { buy: "NOT_SIGNED_IN", deletion: "ok" },
    ]).toContainEqual({ buy, deletion });
    outcomes.push(buy === "ok" ? "purchase" : "deletion");
    if (buy === "ok") {
      const me = await buyer.query(api.users.me, {});
      expect(me).toMatchObject({ name: `Comprador ${round}`, walletCents: WELCOME_CENTS - PRICE_CENTS });
      await waitForQuery(buyer, api.tickets.mine, {}, (tickets) => tickets.length === 1);
    } else {
      expect(await buyer.query(api.users.me, {})).toBeNull();
    }
  }

  const purchases = outcomes.filter((outcome) => outcome === "purchase").length;
  const [after] = await waitForQuery(
    organizer,
    api.ticketTypes.forEvent,
    { eventId },
    (types) => types[0]?.sales.inteiraSold === purchases,
  );
  expect(after!.sales.inteiraSold).toBe(purchases);
  const event = await waitForQuery(organizer, api.events.get, { id: eventId }, (value) => value?.raisedCents === purchases * PRICE_CENTS);
  expect(event!.raisedCents).toBe(purchases * PRICE_CENTS);
});
