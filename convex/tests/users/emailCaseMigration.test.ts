import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { TicketTypeInput } from "../../model/shared/ticketTypes";
import { expectInvariants, runDueFunctions, signedInUser } from "../test.helpers";
import { buyNow, ticketedEvent } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const pista: TicketTypeInput = { name: "Pista", quantity: 4, meiaQuantity: 2, lotes: [{ priceCents: 6_000 }] };

test("an e-mail kept with capitals is lowered by the migration: a waiting ticket is delivered, the next arrives at once", async () => {
  const { t, eventId, typeIds } = await ticketedEvent([pista]);
  const giver = await signedInUser(t, { name: "Bia", walletCents: 20_000 });
  // As a Google account was kept before e-mails were stored in lower case.
  const dora = await signedInUser(t, { name: "Dora", email: "Dora.Souza@Gmail.com" });
  await t.run((ctx) => ctx.db.patch("users", dora.userId, { chosenEmail: "Dora.Souza@Gmail.com" }));
  await buyNow(t, giver.as, eventId, typeIds[0]!, { units: 2 });
  const [first, second] = await giver.as.query(api.tickets.mine, {});
  const transfer = (ticketId: string) => giver.as.mutation(api.ticketTransfers.transfer, { ticketId, email: "dora.souza@gmail.com" });

  // Typed in lower case, the address misses the account: the ticket waits for Dora's next sign-in.
  expect(await transfer(first!._id)).toEqual({ transferredTo: "dora.souza@gmail.com", delivered: false });
  expect(await dora.as.query(api.tickets.mine, {})).toEqual([]);

  await t.mutation(internal.migrations.runAll, {});
  await runDueFunctions(t);
  expect(await t.run((ctx) => ctx.db.get("users", dora.userId))).toMatchObject({
    email: "dora.souza@gmail.com",
    chosenEmail: "dora.souza@gmail.com",
  });
  expect(await dora.as.query(api.tickets.mine, {})).toEqual([expect.objectContaining({ status: "valid", received: true })]);
  expect(await transfer(second!._id)).toEqual({ transferredTo: "dora.souza@gmail.com", delivered: true });
  expect(await dora.as.query(api.tickets.mine, {})).toHaveLength(2);
  await expectInvariants(t);
});
