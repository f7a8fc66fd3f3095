import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import {
  advanceClock,
  createEvent,
  DAY,
  eventInput,
  expectInvariants,
  newBackend,
  rejectionData,
  signedInUser,
  snapshot,
  supportNow,
  type Caller,
} from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A creator's `Flexível` event a day away (goal R$ 100,00), and two supporters with R$ 50,00 each. */
async function setup(fundingMode: "flexible" | "allOrNothing" = "flexible") {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const ana = await signedInUser(t, { name: "Ana" });
  const bia = await signedInUser(t, { name: "Bia" });
  const startsAt = Date.now() + DAY;
  const eventId = await createEvent(creator.as, { goalCents: 10_000, minSupportCents: 100, startsAt, fundingMode });
  const event = () => t.query(api.events.get, { id: eventId });
  return { t, creator, ana, bia, eventId, event, startsAt };
}

const wallet = (who: { as: Caller }) => who.as.query(api.users.me, {}).then((me) => me?.walletCents);
const notificationsOf = (who: { as: Caller }) =>
  who.as.query(api.notifications.list, { paginationOpts: { numItems: 20, cursor: null } }).then((page) => page.page);

describe("Modalidade Flexível", () => {
  test("the event says which mode it is, on the card and the page", async () => {
    const { t, event, creator } = await setup();
    expect(await event()).toMatchObject({ fundingMode: "flexible" });
    const other = await createEvent(creator.as, { name: "Outro" });
    expect(await t.query(api.events.get, { id: other })).toMatchObject({ fundingMode: "allOrNothing" });
    const cards = await t.query(api.events.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(cards.page.map((card) => card.fundingMode).sort()).toEqual(["allOrNothing", "flexible"]);
  });

  test("below the goal at the date, the organizer is paid what was raised; supporters keep nothing back", async () => {
    const { t, creator, ana, bia, eventId, event } = await setup();
    await supportNow(t, ana.as, { eventId, amountCents: 3_000 });
    await supportNow(t, bia.as, { eventId, amountCents: 1_000 });

    await advanceClock(t, DAY);
    expect(await event()).toMatchObject({ settlement: "paidOut", raisedCents: 4_000, goalReached: false });
    expect(await wallet(creator)).toBe(9_000);
    expect([await wallet(ana), await wallet(bia)]).toEqual([2_000, 4_000]);
    const statement = await creator.as.query(api.wallet.statement, { paginationOpts: { numItems: 10, cursor: null } });
    expect(statement.page[0]).toMatchObject({ kind: "payout", description: "Repasse de Show de Rock", amountCents: 4_000 });
    // Paid below its goal, the event was not "concluído": the creator's notification says what happened.
    const payout = (await notificationsOf(creator)).find((row) => row.kind === "flexiblePayout");
    expect(payout?.text).toBe("Show de Rock terminou sem atingir a meta, na modalidade Flexível. R$ 40,00 repassados à sua carteira.");
    expect((await notificationsOf(creator)).map((row) => row.kind)).not.toContain("payout");
    expect((await notificationsOf(ana)).map((row) => row.kind)).not.toContain("refunded");
    await expectInvariants(t);
  });

  test("a flexible event that reached its goal is paid out as concluded, and its notification says so", async () => {
    const { t, creator, ana, bia, eventId } = await setup();
    await supportNow(t, ana.as, { eventId, amountCents: 5_000 });
    await supportNow(t, bia.as, { eventId, amountCents: 5_000 });
    await advanceClock(t, DAY);
    const kinds = (await notificationsOf(creator)).map((row) => row.kind);
    expect(kinds).toContain("payout");
    expect(kinds).not.toContain("flexiblePayout");
    const payout = (await notificationsOf(creator)).find((row) => row.kind === "payout");
    expect(payout?.text).toBe("Show de Rock foi concluído. R$ 100,00 repassados à sua carteira.");
  });

  test("the same event all-or-nothing refunds everyone (the default is unchanged)", async () => {
    const { t, creator, ana, eventId, event } = await setup("allOrNothing");
    await supportNow(t, ana.as, { eventId, amountCents: 3_000 });
    await advanceClock(t, DAY);
    expect(await event()).toMatchObject({ settlement: "refunded" });
    expect([await wallet(creator), await wallet(ana)]).toEqual([5_000, 5_000]);
    await expectInvariants(t);
  });

  test("a flexible event that raised nothing pays nothing (no empty payout line)", async () => {
    const { t, creator, event } = await setup();
    await advanceClock(t, DAY);
    expect(await event()).toMatchObject({ settlement: "refunded", raisedCents: 0 });
    const statement = await creator.as.query(api.wallet.statement, { paginationOpts: { numItems: 10, cursor: null } });
    expect(statement.page.map((row) => row.kind)).toEqual(["welcome"]);
  });

  test("a cancellation still refunds everyone", async () => {
    const { t, creator, ana, eventId, event } = await setup();
    await supportNow(t, ana.as, { eventId, amountCents: 3_000 });
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await advanceClock(t, 0);
    expect(await event()).toMatchObject({ settlement: "cancelled" });
    expect([await wallet(creator), await wallet(ana)]).toEqual([5_000, 5_000]);
    await advanceClock(t, DAY);
    expect(await wallet(creator)).toBe(5_000);
    await expectInvariants(t);
  });

  test("supports still close once the goal percentage is reached", async () => {
    const { t, ana, bia, eventId, creator } = await setup();
    await creator.as.mutation(api.events.update, {
      id: eventId,
      ...eventInput({ goalCents: 4_000, startsAt: Date.now() + DAY, fundingMode: "flexible" }),
    });
    await supportNow(t, ana.as, { eventId, amountCents: 4_000 });
    expect(await rejectionData(supportNow(t, bia.as, { eventId, amountCents: 1_000 }))).toMatchObject({ code: "SUPPORT_CLOSED" });
  });
});

describe("Modalidade in Editar evento", () => {
  const edit = (as: Caller, eventId: Id<"events">, startsAt: number, fundingMode: "flexible" | "allOrNothing") =>
    as.mutation(api.events.update, { id: eventId, ...eventInput({ goalCents: 10_000, minSupportCents: 100, startsAt, fundingMode }) });

  test("switches either way until the first support", async () => {
    const { creator, eventId, event, startsAt } = await setup();
    await edit(creator.as, eventId, startsAt, "allOrNothing");
    expect(await event()).toMatchObject({ fundingMode: "allOrNothing" });
    await edit(creator.as, eventId, startsAt, "flexible");
    expect(await event()).toMatchObject({ fundingMode: "flexible" });
  });

  test("after a support, switching is refused and changes nothing", async () => {
    const { t, creator, ana, eventId, startsAt } = await setup();
    await supportNow(t, ana.as, { eventId, amountCents: 1_000 });
    const before = await snapshot(t);
    expect(await rejectionData(edit(creator.as, eventId, startsAt, "allOrNothing"))).toEqual({
      code: "EVENT_ALREADY_SUPPORTED",
      message: "Este evento já recebeu apoios; esses dados não podem mais ser alterados.",
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("an edit without the mode keeps it", async () => {
    const { t, creator, ana, eventId, event, startsAt } = await setup();
    await supportNow(t, ana.as, { eventId, amountCents: 1_000 });
    await creator.as.mutation(api.events.update, {
      id: eventId,
      ...eventInput({ goalCents: 10_000, minSupportCents: 100, startsAt, description: "Agora com banda" }),
    });
    expect(await event()).toMatchObject({ fundingMode: "flexible", description: "Agora com banda" });
  });
});
