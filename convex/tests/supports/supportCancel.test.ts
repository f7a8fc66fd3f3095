import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { BUYER_RIGHTS_MESSAGES } from "../../model/shared/buyerRights";
import { MESSAGES } from "../../model/shared/texts";
import { advanceClock, DAY, expectInvariants, rejectionData, signedInUser, snapshot, type Backend, type Caller } from "../test.helpers";
import { supportTicket, ticketedEvent } from "../test.tickets";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A ticketed event without ticket types: each support gives one ticket. Goal R$ 100,00. */
const setup = ({ startsInMs = 20 * DAY } = {}) =>
  ticketedEvent([], { goalCents: 10_000, minSupportCents: 1_000, startsAt: Date.now() + startsInMs });

const eventOf = (caller: Caller, eventId: string) => caller.query(api.events.get, { id: eventId });

describe("Cancelar apoio", () => {
  test("while collecting: the ticket is cancelled, the money back at once (promotional as promotional), Arrecadado down", async () => {
    const { t, creator, eventId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 5_000 });
    const ticket = await supportTicket(t, fan.as, eventId, 3_000);
    expect(ticket.support).toMatchObject({ amountCents: 3_000 });
    expect((await eventOf(fan.as, eventId))!.raisedCents).toBe(3_000);

    await advanceClock(t, 3 * DAY);
    expect(await fan.as.mutation(api.tickets.cancelSupport, { ticketId: ticket._id })).toEqual({ refundedCents: 3_000 });
    expect((await eventOf(fan.as, eventId))!).toMatchObject({ raisedCents: 0, uniqueSupporters: 0 });
    expect(await t.run((ctx) => ctx.db.get("users", fan.userId))).toMatchObject({ walletCents: 5_000, promoCents: 5_000 });
    const [after] = await fan.as.query(api.tickets.mine, {});
    expect(after).toMatchObject({ status: "cancelled", support: null });
    const statement = await fan.as.query(api.wallet.statement, { paginationOpts: { numItems: 5, cursor: null } });
    expect(statement.page[0]).toMatchObject({ description: `Estorno do apoio – ${(await eventOf(fan.as, eventId))!.name}` });
    const door = creator.as.action(api.tickets.checkIn, { eventId, code: ticket.code });
    expect(await rejectionData(door)).toMatchObject({ message: MESSAGES.ticketCancelled });
    await expectInvariants(t);
  });
});

test("a cancelled support gives back the limited reward it held: the next supporter may take it", async () => {
  const poster = { title: "Pôster", description: "Pôster autografado", minimumCents: 1_000, quantity: 1 };
  const { t, eventId } = await ticketedEvent([], { goalCents: 10_000, minSupportCents: 1_000, rewards: [poster] });
  const [reward] = await t.query(api.rewards.list, { eventId });
  const fan = await signedInUser(t, { name: "Bia", walletCents: 5_000 });
  await fan.as.mutation(api.supports.support, { eventId, amountCents: 1_000, rewardId: reward!._id });
  await supportTicket(t, fan.as, eventId, 1_000);
  const [, posterTicket] = await fan.as.query(api.tickets.mine, {});
  expect((await t.query(api.rewards.list, { eventId }))[0]).toMatchObject({ soldOut: true });
  await fan.as.mutation(api.tickets.cancelSupport, { ticketId: posterTicket!._id });
  expect((await t.query(api.rewards.list, { eventId }))[0]).toMatchObject({ soldOut: false });
  await expectInvariants(t);
});

describe("Cancelar apoio refused, with nothing changed", () => {
  async function refused(t: Backend, attempt: () => Promise<unknown>) {
    const before = await snapshot(t);
    const { message } = await rejectionData(attempt());
    expect(await snapshot(t)).toEqual(before);
    return message;
  }

  test("once the event reached its goal (it is no longer collecting)", async () => {
    const { t, eventId } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const ticket = await supportTicket(t, fan.as, eventId, 10_000);
    const attempt = () => fan.as.mutation(api.tickets.cancelSupport, { ticketId: ticket._id });
    expect(await refused(t, attempt)).toBe(BUYER_RIGHTS_MESSAGES.supportNotCollecting);
  });

  test("twice, someone else's, after 7 days, within 48 h of the event, a used ticket", async () => {
    const { t, creator, eventId } = await setup({ startsInMs: 9 * DAY });
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const other = await signedInUser(t, { name: "Caio", walletCents: 50_000 });
    const ticket = await supportTicket(t, fan.as, eventId, 1_000);
    const late = await supportTicket(t, other.as, eventId, 1_000);
    const steal = () => other.as.mutation(api.tickets.cancelSupport, { ticketId: ticket._id });
    expect(await refused(t, steal)).toBe(BUYER_RIGHTS_MESSAGES.supportNotFound);
    await fan.as.mutation(api.tickets.cancelSupport, { ticketId: ticket._id });
    const twice = () => fan.as.mutation(api.tickets.cancelSupport, { ticketId: ticket._id });
    expect(await refused(t, twice)).toBe(BUYER_RIGHTS_MESSAGES.supportAlreadyCancelled);

    await advanceClock(t, 7 * DAY + 1);
    const afterWeek = () => other.as.mutation(api.tickets.cancelSupport, { ticketId: late._id });
    expect(await refused(t, afterWeek)).toBe(BUYER_RIGHTS_MESSAGES.afterSevenDays);

    const third = await signedInUser(t, { name: "Duda", walletCents: 50_000 });
    const close = await supportTicket(t, third.as, eventId, 1_000);
    const tooClose = () => third.as.mutation(api.tickets.cancelSupport, { ticketId: close._id });
    expect(await refused(t, tooClose)).toBe(BUYER_RIGHTS_MESSAGES.tooCloseToEvent);

    await creator.as.action(api.tickets.checkIn, { eventId, code: close.code });
    expect(await refused(t, tooClose)).toBe(BUYER_RIGHTS_MESSAGES.supportTicketUsed);
    // Meus Ingressos no longer offers `Cancelar apoio` on the used ticket.
    const [used] = await third.as.query(api.tickets.mine, {});
    expect(used).toMatchObject({ status: "used", support: null });
    await expectInvariants(t);
  });
});
