import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { MESSAGES } from "../../model/shared/texts";
import { TICKET_MESSAGES, type TicketTypeInput } from "../../model/shared/ticketTypes";
import {
  allRows,
  createEvent,
  DAY,
  eventInput,
  newBackend,
  rejectionData,
  signedInUser,
  snapshot,
  supportNow,
  type CreateEventArgs,
} from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const pista = (now: number): TicketTypeInput => ({
  name: "Pista",
  quantity: 100,
  meiaQuantity: 40,
  lotes: [
    { priceCents: 5_000, endsAt: now + DAY },
    { priceCents: 8_000, quantity: 60 },
  ],
});
const camarote: TicketTypeInput = { name: "Camarote", quantity: 20, meiaQuantity: 8, lotes: [{ priceCents: 20_000 }] };

async function setup() {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Organizadora" });
  return { t, creator };
}

describe("ticket types on create", () => {
  test("are stored in order with their lotes, and the Ingressos block lists them with nothing sold", async () => {
    const { t, creator } = await setup();
    const now = Date.now();
    const eventId = await createEvent(creator.as, { isTicketed: true, ticketTypes: [pista(now), camarote] });
    const block = await t.query(api.ticketTypes.forEvent, { eventId });
    expect(block.map((type) => [type.name, type.quantity, type.meiaQuantity, type.lotes.length])).toEqual([
      ["Pista", 100, 40, 2],
      ["Camarote", 20, 8, 1],
    ]);
    expect(block[0]?.sales).toEqual({ inteiraSold: 0, meiaSold: 0, loteSold: [] });
    expect(await t.query(api.events.get, { id: eventId })).toMatchObject({ hasTicketTypes: true, isTicketed: true });
  });

  test("a Tecnologia workshop may sell a type without meia-entrada; a Música event may not", async () => {
    const { t, creator } = await setup();
    const workshop: TicketTypeInput = { name: "Oficina", quantity: 30, meiaQuantity: 0, lotes: [{ priceCents: 10_000 }] };
    const eventId = await createEvent(creator.as, { category: "Tecnologia", isTicketed: true, ticketTypes: [workshop] });
    expect((await t.query(api.ticketTypes.forEvent, { eventId })).map((type) => type.meiaQuantity)).toEqual([0]);
    const before = await snapshot(t);
    expect(await rejectionData(createEvent(creator.as, { category: "Música", isTicketed: true, ticketTypes: [workshop] }))).toEqual({
      code: "INVALID_TICKET_TYPE",
      message: TICKET_MESSAGES.meiaBelowMinimum,
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("an event with Evento com ingresso and no types is the spec's: one ticket per support", async () => {
    const { t, creator } = await setup();
    const eventId = await createEvent(creator.as, { isTicketed: true });
    expect(await t.query(api.ticketTypes.forEvent, { eventId })).toEqual([]);
    const fan = await signedInUser(t, { name: "Fã" });
    const { ticketCode } = await supportNow(t, fan.as, { eventId, amountCents: 1_000 });
    expect(ticketCode).toMatch(/^[A-Z0-9]{9}$/);
    expect((await t.query(api.events.get, { id: eventId }))?.hasTicketTypes).toBe(false);
  });

  test.each<[string, (now: number) => Partial<CreateEventArgs>, string]>([
    ["a negative price", (now) => ({ ticketTypes: [{ ...pista(now), lotes: [{ priceCents: -100 }] }] }), TICKET_MESSAGES.invalidPrice],
    ["a fractional price", (now) => ({ ticketTypes: [{ ...pista(now), lotes: [{ priceCents: 99.5 }] }] }), TICKET_MESSAGES.invalidPrice],
    ["quantity 0", (now) => ({ ticketTypes: [{ ...pista(now), quantity: 0, meiaQuantity: 0 }] }), TICKET_MESSAGES.invalidQuantity],
    [
      "quantity above 100.000",
      (now) => ({ ticketTypes: [{ ...pista(now), quantity: 100_001, meiaQuantity: 50_000 }] }),
      TICKET_MESSAGES.invalidQuantity,
    ],
    [
      "a lote ending after the event",
      (now) => ({ startsAt: now + 2 * DAY, ticketTypes: [{ ...pista(now), lotes: [{ priceCents: 1, endsAt: now + 3 * DAY }] }] }),
      TICKET_MESSAGES.loteAfterEvent,
    ],
    ["meia below 40%", (now) => ({ ticketTypes: [{ ...pista(now), meiaQuantity: 39 }] }), TICKET_MESSAGES.meiaBelowMinimum],
    ["types on an event without tickets", (now) => ({ isTicketed: false, ticketTypes: [pista(now)] }), TICKET_MESSAGES.typesNeedTickets],
    ["an id on a new type", (now) => ({ ticketTypes: [{ ...pista(now), id: "abc" }] }), TICKET_MESSAGES.typeNotFound],
  ])("%s is refused with its message and nothing is created", async (_label, change, message) => {
    const { t, creator } = await setup();
    const before = await snapshot(t);
    const error = await rejectionData(creator.as.mutation(api.events.create, eventInput({ isTicketed: true, ...change(Date.now()) })));
    expect(error).toEqual({ code: "INVALID_TICKET_TYPE", message });
    expect(await snapshot(t)).toEqual(before);
  });
});

describe("ticket types on edit", () => {
  const editArgs = (eventId: string, overrides: Partial<CreateEventArgs> = {}) => ({
    id: eventId,
    ...eventInput({ isTicketed: true, ...overrides }),
  });

  test("types and lotes can be added, changed and removed while nobody bought", async () => {
    const { t, creator } = await setup();
    const now = Date.now();
    const startsAt = now + 7 * DAY;
    const eventId = await createEvent(creator.as, { isTicketed: true, startsAt, ticketTypes: [pista(now)] });
    const [before] = await t.query(api.ticketTypes.forEvent, { eventId });
    await creator.as.mutation(api.events.update, {
      ...editArgs(eventId, { startsAt }),
      ticketTypes: [camarote, { ...pista(now), id: before!._id, name: "Pista Premium", lotes: [{ priceCents: 6_000 }] }],
    });
    const after = await t.query(api.ticketTypes.forEvent, { eventId });
    expect(after.map((type) => [type.name, type.lotes.map((lote) => lote.priceCents)])).toEqual([
      ["Camarote", [20_000]],
      ["Pista Premium", [6_000]],
    ]);
    expect(after[1]?._id).toBe(before!._id);
    await creator.as.mutation(api.events.update, { ...editArgs(eventId, { startsAt }), ticketTypes: [] });
    expect(await allRows(t, "ticketTypes")).toEqual([]);
    expect(await allRows(t, "ticketSales")).toEqual([]);
    expect((await t.query(api.events.get, { id: eventId }))?.hasTicketTypes).toBe(false);
  });

  test("a type someone bought keeps its prices and quantities (which may only grow); new lotes may follow", async () => {
    const { t, creator } = await setup();
    const now = Date.now();
    const startsAt = now + 7 * DAY;
    const eventId = (await createEvent(creator.as, { isTicketed: true, startsAt, ticketTypes: [camarote] })) as Id<"events">;
    const [type] = await t.query(api.ticketTypes.forEvent, { eventId });
    await t.run((ctx) => ctx.db.patch("ticketTypes", type!._id, { purchased: true }));
    const base = { ...camarote, id: type!._id };
    // Fewer units, or inteira shrinking to make room for meia, would take back what may have been sold.
    const shrunk = [
      { quantity: 18, meiaQuantity: 8 },
      { quantity: 20, meiaQuantity: 10 },
    ];
    for (const change of [...shrunk, { lotes: [{ priceCents: 25_000 }] }, { name: "Camarote VIP" }]) {
      const error = await rejectionData(
        creator.as.mutation(api.events.update, { ...editArgs(eventId, { startsAt }), ticketTypes: [{ ...base, ...change }] }),
      );
      expect(error).toEqual({ code: "TICKET_TYPE_FROZEN", message: TICKET_MESSAGES.typeFrozen });
    }
    const removed = await rejectionData(creator.as.mutation(api.events.update, { ...editArgs(eventId, { startsAt }), ticketTypes: [] }));
    expect(removed.code).toBe("TICKET_TYPE_FROZEN");
    const twoLotes = [{ priceCents: 20_000, quantity: 10 }, { priceCents: 30_000 }];
    const frozenFirst = await rejectionData(
      creator.as.mutation(api.events.update, { ...editArgs(eventId, { startsAt }), ticketTypes: [{ ...base, lotes: twoLotes }] }),
    );
    expect(frozenFirst.code).toBe("TICKET_TYPE_FROZEN");
    // The sold lote as it was, a new one after it (the first must then end somewhere: by date).
    const lotes = [{ priceCents: 20_000 }, { priceCents: 30_000 }];
    const missingEnd = await rejectionData(
      creator.as.mutation(api.events.update, { ...editArgs(eventId, { startsAt }), ticketTypes: [{ ...base, lotes }] }),
    );
    expect(missingEnd.message).toBe(TICKET_MESSAGES.loteEndMissing);
    await creator.as.mutation(api.events.update, {
      ...editArgs(eventId, { startsAt }),
      ticketTypes: [base, pista(now)],
    });
    expect((await t.query(api.ticketTypes.forEvent, { eventId })).map((row) => row.name)).toEqual(["Camarote", "Pista"]);
    await creator.as.mutation(api.events.update, {
      ...editArgs(eventId, { startsAt }),
      ticketTypes: [{ ...base, quantity: 30, meiaQuantity: 12 }],
    });
    expect((await t.query(api.ticketTypes.forEvent, { eventId }))[0]).toMatchObject({ quantity: 30, meiaQuantity: 12 });
  });

  test("an event sold through types that took plain supports cannot drop every type (some would hold tickets, some not)", async () => {
    const { t, creator } = await setup();
    const startsAt = Date.now() + 7 * DAY;
    const eventId = await createEvent(creator.as, { isTicketed: true, startsAt, ticketTypes: [camarote] });
    const fan = await signedInUser(t, { name: "Fã" });
    await supportNow(t, fan.as, { eventId, amountCents: 1_000 });
    const before = await snapshot(t);
    const error = await rejectionData(creator.as.mutation(api.events.update, { ...editArgs(eventId, { startsAt }), ticketTypes: [] }));
    expect(error).toEqual({ code: "EVENT_ALREADY_SUPPORTED", message: MESSAGES.editAfterSupport });
    expect(await snapshot(t)).toEqual(before);
  });

  test("an event that took supports before it had types cannot start selling them", async () => {
    const { t, creator } = await setup();
    const startsAt = Date.now() + 7 * DAY;
    const eventId = await createEvent(creator.as, { isTicketed: true, startsAt });
    const fan = await signedInUser(t, { name: "Fã" });
    await supportNow(t, fan.as, { eventId, amountCents: 1_000 });
    const error = await rejectionData(
      creator.as.mutation(api.events.update, { ...editArgs(eventId, { startsAt }), ticketTypes: [camarote] }),
    );
    expect(error).toEqual({ code: "EVENT_ALREADY_SUPPORTED", message: MESSAGES.editAfterSupport });
  });

  test("only the creator edits the types", async () => {
    const { t, creator } = await setup();
    const startsAt = Date.now() + 7 * DAY;
    const eventId = await createEvent(creator.as, { isTicketed: true, startsAt });
    const other = await signedInUser(t, { name: "Outra" });
    const error = await rejectionData(
      other.as.mutation(api.events.update, { ...editArgs(eventId, { startsAt }), ticketTypes: [camarote] }),
    );
    expect(error.code).toBe("NOT_THE_CREATOR");
    expect(await allRows(t, "ticketTypes")).toEqual([]);
  });
});
