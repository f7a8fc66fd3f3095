/**
 * `ticketsGenerated` counts every ticket ever issued for the event, cancelled ones included: it
 * never goes down, so an event once sold stays "supported" (its core fields frozen) after its
 * purchases are cancelled.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { hasSupports } from "../../model/events/edit";
import { countOnEvent } from "../../model/events/writer";
import { MESSAGES } from "../../model/shared/texts";
import type { TicketTypeInput } from "../../model/shared/ticketTypes";
import { advanceClock, DAY, expectInvariants, rejectionData, signedInUser } from "../test.helpers";
import { buyNow, ticketedEvent, ticketTypesEdit } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const pista: TicketTypeInput = { name: "Pista", quantity: 4, meiaQuantity: 2, lotes: [{ priceCents: 6_000 }] };

test("a cancelled purchase's tickets stay counted, and the event stays frozen as sold", async () => {
  const { t, creator, eventId, typeIds } = await ticketedEvent([pista]);
  const fan = await signedInUser(t, { name: "Bia", walletCents: 20_000 });
  const purchaseId = await buyNow(t, fan.as, eventId, typeIds[0]!, { units: 2 });
  await advanceClock(t, DAY);
  await fan.as.mutation(api.ticketPurchases.cancel, { purchaseId });

  const event = (await t.run((ctx) => ctx.db.get("events", eventId)))!;
  expect(event).toMatchObject({ raisedCents: 0, uniqueSupporters: 0, ticketsGenerated: 2 });
  expect(hasSupports(event)).toBe(true);
  const rename = { ...(await ticketTypesEdit(creator.as, eventId, undefined)), name: "Outro nome" };
  expect(await rejectionData(creator.as.mutation(api.events.update, rename))).toMatchObject({
    code: "EVENT_ALREADY_SUPPORTED",
    message: MESSAGES.editAfterSupport,
  });
  await expectInvariants(t);
});

test("the event writer refuses to take tickets off the count", async () => {
  const { t, eventId } = await ticketedEvent([pista]);
  await expect(t.run((ctx) => countOnEvent(ctx, eventId, { ticketsGenerated: -1 }))).rejects.toThrow("never goes down");
});
