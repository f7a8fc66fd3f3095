import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { attendeeCsv } from "../../model/shared/attendeeCsv";
import { allRowsOf } from "../../model/shared/spreadsheetCsv";
import { MESSAGES } from "../../model/shared/texts";
import { TICKET_MESSAGES, unitPriceCents as priceOf, type TicketTypeInput } from "../../model/shared/ticketTypes";
import { issueTicket } from "../../model/tickets/issue";
import {
  advanceClock,
  allRows,
  applyQueue,
  createEvent,
  DAY,
  eventInput,
  expectInvariants,
  newBackend,
  rejectionData,
  signedInUser,
  snapshot,
  type Backend,
  type Caller,
} from "../test.helpers";
import { expectRushWithinCapacity } from "../test.purchaseRush";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Buy = { typeId: string; loteIndex?: number; unitPriceCents?: number; units?: number; meia?: boolean; meiaCategory?: string };

/** Pista: 10 units (4 meia) in two lotes, the first of 3 units; Camarote: 5 units, 2 meia, R$ 150,00. */
const pista: TicketTypeInput = {
  name: "Pista",
  quantity: 10,
  meiaQuantity: 4,
  lotes: [{ priceCents: 6_000, quantity: 3 }, { priceCents: 8_000 }],
};
const camarote: TicketTypeInput = { name: "Camarote", quantity: 5, meiaQuantity: 2, lotes: [{ priceCents: 15_000 }] };

async function setup(types: TicketTypeInput[] = [pista, camarote], goalCents = 1_000_000) {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Organizadora" });
  const eventId = (await createEvent(creator.as, { isTicketed: true, goalCents, ticketTypes: types })) as Id<"events">;
  const block = await t.query(api.ticketTypes.forEvent, { eventId });
  const typeIds = block.map((type) => type._id as string);
  return { t, creator, eventId, typeIds };
}

/** A purchase at the price the page shows for its lote (unless the test says another). */
async function buy(caller: Caller, eventId: string, { typeId, loteIndex = 0, unitPriceCents, units = 1, meia = false, meiaCategory }: Buy) {
  const shown = (await caller.query(api.ticketTypes.forEvent, { eventId })).find((type) => type._id === typeId)?.lotes[loteIndex];
  return caller.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId,
    loteIndex,
    unitPriceCents: unitPriceCents ?? (shown === undefined ? 0 : priceOf(shown, meia)),
    units,
    meia,
    ...(meiaCategory === undefined ? {} : { meiaCategory }),
  });
}

/** A purchase as its buyer lives it: paid, then decided by the event's queue; its outcome. */
async function buyNow(t: Backend, caller: Caller, eventId: Id<"events">, args: Buy) {
  const { purchaseId } = await buy(caller, eventId, args);
  await applyQueue(t, eventId);
  return caller.query(api.ticketPurchases.outcome, { purchaseId });
}

const wallet = async (caller: Caller) => (await caller.query(api.users.me, {}))!.walletCents;

describe("buying tickets", () => {
  test("2 meia of Pista: one ticket per unit at half the lote's price, each saying its category", async () => {
    const { t, eventId, typeIds } = await setup();
    const fan = await signedInUser(t, { name: "Bia", walletCents: 50_000 });
    const outcome = await buyNow(t, fan.as, eventId, { typeId: typeIds[0]!, units: 2, meia: true, meiaCategory: "estudante" });
    expect(outcome).toMatchObject({ status: "issued", units: 2, amountCents: 6_000 });
    expect(await wallet(fan.as)).toBe(44_000);
    const tickets = await fan.as.query(api.tickets.mine, {});
    expect(tickets).toHaveLength(2);
    expect(tickets.map((ticket) => [ticket.typeName, ticket.loteIndex, ticket.meiaCategory])).toEqual([
      ["Pista", 0, "estudante"],
      ["Pista", 0, "estudante"],
    ]);
    expect(new Set(tickets.map((ticket) => ticket.code)).size).toBe(2);
    if (outcome?.status === "issued") expect(outcome.ticketCodes.toSorted()).toEqual(tickets.map((ticket) => ticket.code).toSorted());
    const [pistaBlock] = await t.query(api.ticketTypes.forEvent, { eventId });
    expect(pistaBlock!.sales).toEqual({ inteiraSold: 0, meiaSold: 2, loteSold: [2] });
    const event = await t.query(api.events.get, { id: eventId });
    expect(event).toMatchObject({ raisedCents: 6_000, ticketsGenerated: 2 });
    await expectInvariants(t);
  });

  test("lotes advance by quantity: the 1º lote sold out, the next buyer pays the 2º lote's price", async () => {
    const { t, eventId, typeIds } = await setup();
    const first = await signedInUser(t, { name: "Primeira", walletCents: 50_000 });
    expect(await buyNow(t, first.as, eventId, { typeId: typeIds[0]!, units: 3 })).toMatchObject({ status: "issued", amountCents: 18_000 });
    const late = await signedInUser(t, { name: "Atrasada", walletCents: 50_000 });
    // Still asking for the 1º lote's price: refunded, told the lote changed.
    expect(await buyNow(t, late.as, eventId, { typeId: typeIds[0]!, units: 1 })).toMatchObject({
      status: "refunded",
      refusal: TICKET_MESSAGES.loteChanged,
    });
    expect(await wallet(late.as)).toBe(50_000);
    expect(await buyNow(t, late.as, eventId, { typeId: typeIds[0]!, loteIndex: 1, units: 1 })).toMatchObject({
      status: "issued",
      amountCents: 8_000,
    });
    await expectInvariants(t);
  });

  test("lotes advance by date: after the 1º lote's end it is refused at the door and the 2º sells", async () => {
    const now = Date.now();
    const byDate: TicketTypeInput = {
      name: "Pista",
      quantity: 10,
      meiaQuantity: 4,
      lotes: [{ priceCents: 4_000, endsAt: now + DAY }, { priceCents: 7_000 }],
    };
    const { t, eventId, typeIds } = await setup([byDate]);
    const fan = await signedInUser(t, { name: "Fã", walletCents: 50_000 });
    expect(await buyNow(t, fan.as, eventId, { typeId: typeIds[0]!, units: 1 })).toMatchObject({ status: "issued", amountCents: 4_000 });
    await advanceClock(t, DAY);
    const before = await snapshot(t);
    expect(await rejectionData(buy(fan.as, eventId, { typeId: typeIds[0]!, units: 1 }))).toEqual({
      code: "INVALID_PURCHASE",
      message: TICKET_MESSAGES.loteChanged,
    });
    expect(await snapshot(t)).toEqual(before);
    expect(await buyNow(t, fan.as, eventId, { typeId: typeIds[0]!, loteIndex: 1, units: 1 })).toMatchObject({
      status: "issued",
      amountCents: 7_000,
    });
    await expectInvariants(t);
  });

  test("the meia reserve is still bought after the only lote ended with the inteira (10 units, 4 meia, a lote of 6)", async () => {
    const oneLote: TicketTypeInput = { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 4_000, quantity: 6 }] };
    const { t, eventId, typeIds } = await setup([oneLote]);
    const fan = await signedInUser(t, { name: "Fã", walletCents: 50_000 });
    expect(await buyNow(t, fan.as, eventId, { typeId: typeIds[0]!, units: 4 })).toMatchObject({ status: "issued" });
    expect(await buyNow(t, fan.as, eventId, { typeId: typeIds[0]!, units: 2 })).toMatchObject({ status: "issued" });
    // Inteira ended with the lote: refused before paying.
    const before = await snapshot(t);
    expect(await rejectionData(buy(fan.as, eventId, { typeId: typeIds[0]! }))).toEqual({
      code: "SOLD_OUT",
      message: TICKET_MESSAGES.inteiraSoldOut,
    });
    expect(await snapshot(t)).toEqual(before);
    // The 4 meia sell at the last lote's meia price.
    const student = await signedInUser(t, { name: "Estudante", walletCents: 50_000 });
    expect(await buyNow(t, student.as, eventId, { typeId: typeIds[0]!, units: 4, meia: true, meiaCategory: "estudante" })).toMatchObject({
      status: "issued",
      amountCents: 8_000,
    });
    expect(await wallet(student.as)).toBe(42_000);
    expect(await rejectionData(buy(student.as, eventId, { typeId: typeIds[0]!, meia: true, meiaCategory: "estudante" }))).toEqual({
      code: "SOLD_OUT",
      message: TICKET_MESSAGES.soldOut,
    });
    await expectInvariants(t);
  });

  test("a lote added after the last one ended by quantity sells inteira again", async () => {
    const oneLote: TicketTypeInput = { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 4_000, quantity: 2 }] };
    const { t, creator, eventId, typeIds } = await setup([oneLote]);
    const fan = await signedInUser(t, { name: "Fã", walletCents: 50_000 });
    expect(await buyNow(t, fan.as, eventId, { typeId: typeIds[0]!, units: 2 })).toMatchObject({ status: "issued" });
    expect(await rejectionData(buy(fan.as, eventId, { typeId: typeIds[0]! }))).toMatchObject({ code: "SOLD_OUT" });
    const { startsAt } = (await t.query(api.events.get, { id: eventId }))!;
    await creator.as.mutation(api.events.update, {
      id: eventId,
      ...eventInput({ isTicketed: true, goalCents: 1_000_000, startsAt }),
      ticketTypes: [{ ...oneLote, id: typeIds[0]!, lotes: [...oneLote.lotes, { priceCents: 5_000 }] }],
    });
    expect(await buyNow(t, fan.as, eventId, { typeId: typeIds[0]!, loteIndex: 1, units: 1 })).toMatchObject({
      status: "issued",
      amountCents: 5_000,
    });
    await expectInvariants(t);
  });

  test("free tickets tell the creator of the first support once, not at every purchase", async () => {
    const free: TicketTypeInput = { name: "Entrada franca", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 0 }] };
    const { t, creator, eventId, typeIds } = await setup([free]);
    for (const name of ["Ana", "Beto", "Caio"]) {
      const fan = await signedInUser(t, { name });
      expect(await buyNow(t, fan.as, eventId, { typeId: typeIds[0]! })).toMatchObject({ status: "issued", amountCents: 0 });
    }
    const firsts = (await allRows(t, "notifications")).filter((row) => row.userId === creator.userId && row.kind === "firstSupport");
    expect(firsts).toHaveLength(1);
  });

  test("purchases go on after the goal is reached (the show is confirmed), and count toward it", async () => {
    const { t, eventId, typeIds } = await setup([pista], 10_000);
    const a = await signedInUser(t, { name: "A", walletCents: 50_000 });
    expect(await buyNow(t, a.as, eventId, { typeId: typeIds[0]!, units: 2 })).toMatchObject({ status: "issued" });
    expect((await t.query(api.events.get, { id: eventId }))!.status).toBe("Concluído");
    expect(await buyNow(t, a.as, eventId, { typeId: typeIds[0]!, units: 1 })).toMatchObject({ status: "issued" });
    expect((await t.query(api.events.get, { id: eventId }))!.raisedCents).toBe(18_000);
    await expectInvariants(t);
  });

  test("an event that ends without its goal refunds the purchases and cancels their tickets", async () => {
    const { t, eventId, typeIds } = await setup([pista]);
    const fan = await signedInUser(t, { name: "Fã", walletCents: 50_000 });
    expect(await buyNow(t, fan.as, eventId, { typeId: typeIds[0]!, units: 1 })).toMatchObject({ status: "issued" });
    expect(await wallet(fan.as)).toBe(44_000);
    await advanceClock(t, 40 * DAY);
    expect((await t.query(api.events.get, { id: eventId }))!.settlement).toBe("refunded");
    expect(await wallet(fan.as)).toBe(50_000);
    expect((await fan.as.query(api.tickets.mine, {}))[0]!.status).toBe("cancelled");
    await expectInvariants(t);
  });

  test("a support of an event sold through types gives no ticket (its tickets come by purchase)", async () => {
    const { t, eventId } = await setup();
    const fan = await signedInUser(t, { name: "Fã" });
    await fan.as.mutation(api.supports.support, { eventId, amountCents: 1_000 });
    await applyQueue(t, eventId);
    expect(await fan.as.query(api.tickets.mine, {})).toEqual([]);
    await expectInvariants(t);
  });
});

describe("bad purchases are refused with their message and change nothing", () => {
  test.each<[string, (ids: { typeIds: string[]; otherTypeId: string; otherEventId: string }) => Buy, { code: string; message: string }]>([
    ["0 units", ({ typeIds }) => ({ typeId: typeIds[0]!, units: 0 }), { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.invalidUnits }],
    ["5 units", ({ typeIds }) => ({ typeId: typeIds[0]!, units: 5 }), { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.invalidUnits }],
    [
      "1.5 units",
      ({ typeIds }) => ({ typeId: typeIds[0]!, units: 1.5 }),
      { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.invalidUnits },
    ],
    [
      "meia without a category",
      ({ typeIds }) => ({ typeId: typeIds[0]!, meia: true }),
      { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.meiaWithoutCategory },
    ],
    [
      "meia with an unknown category",
      ({ typeIds }) => ({ typeId: typeIds[0]!, meia: true, meiaCategory: "vip" }),
      { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.meiaWithoutCategory },
    ],
    [
      "a type of another event",
      ({ otherTypeId }) => ({ typeId: otherTypeId }),
      { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.typeNotFound },
    ],
    ["a malformed type id", () => ({ typeId: "nada" }), { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.typeNotFound }],
    [
      "a lote that does not exist",
      ({ typeIds }) => ({ typeId: typeIds[0]!, loteIndex: 7 }),
      { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.loteChanged },
    ],
    ...[-1, 0.5, 1e9, NaN].map((loteIndex): [string, (ids: { typeIds: string[] }) => Buy, { code: string; message: string }] => [
      `lote ${loteIndex}`,
      ({ typeIds }) => ({ typeId: typeIds[0]!, loteIndex, unitPriceCents: 6_000 }),
      { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.loteChanged },
    ]),
    [
      "an id of another table as the type",
      ({ otherEventId }) => ({ typeId: otherEventId }),
      { code: "INVALID_PURCHASE", message: TICKET_MESSAGES.typeNotFound },
    ],
    [
      "a price below the lote's",
      ({ typeIds }) => ({ typeId: typeIds[0]!, unitPriceCents: 1 }),
      { code: "PRICE_CHANGED", message: TICKET_MESSAGES.priceChanged },
    ],
    [
      "meia at the inteira's price (the buyer saw another price)",
      ({ typeIds }) => ({ typeId: typeIds[0]!, meia: true, meiaCategory: "estudante", unitPriceCents: 6_000 }),
      { code: "PRICE_CHANGED", message: TICKET_MESSAGES.priceChanged },
    ],
    [
      "a price that is not a number",
      ({ typeIds }) => ({ typeId: typeIds[0]!, unitPriceCents: NaN }),
      { code: "PRICE_CHANGED", message: TICKET_MESSAGES.priceChanged },
    ],
    [
      "more than the wallet holds",
      ({ typeIds }) => ({ typeId: typeIds[1]! }),
      { code: "INSUFFICIENT_FUNDS", message: MESSAGES.insufficientFunds },
    ],
  ])("%s", async (_label, request, expected) => {
    const { t, creator, eventId, typeIds } = await setup();
    const otherEvent = await createEvent(creator.as, { isTicketed: true, ticketTypes: [pista] });
    const [other] = await t.query(api.ticketTypes.forEvent, { eventId: otherEvent });
    const fan = await signedInUser(t, { name: "Fã" });
    const before = await snapshot(t);
    expect(await rejectionData(buy(fan.as, eventId, request({ typeIds, otherTypeId: other!._id, otherEventId: otherEvent })))).toEqual(
      expected,
    );
    expect(await snapshot(t)).toEqual(before);
  });

  test("the organizer changes the price between the page and the purchase: refused with its message, nothing charged", async () => {
    const { t, creator, eventId, typeIds } = await setup([pista]);
    const fan = await signedInUser(t, { name: "Fã", walletCents: 50_000 });
    const [seen] = await fan.as.query(api.ticketTypes.forEvent, { eventId });
    const seenPrice = seen!.lotes[0]!.priceCents;
    const { startsAt } = (await t.query(api.events.get, { id: eventId }))!;
    await creator.as.mutation(api.events.update, {
      id: eventId,
      ...eventInput({ isTicketed: true, goalCents: 1_000_000, startsAt }),
      ticketTypes: [{ ...pista, id: seen!._id, lotes: [{ priceCents: 9_000, quantity: 3 }, { priceCents: 12_000 }] }],
    });
    const before = await snapshot(t);
    expect(await rejectionData(buy(fan.as, eventId, { typeId: typeIds[0]!, unitPriceCents: seenPrice }))).toEqual({
      code: "PRICE_CHANGED",
      message: TICKET_MESSAGES.priceChanged,
    });
    expect(await snapshot(t)).toEqual(before);
    expect(await wallet(fan.as)).toBe(50_000);
    // At the price now shown, it sells.
    expect(await buyNow(t, fan.as, eventId, { typeId: typeIds[0]!, unitPriceCents: 9_000 })).toMatchObject({
      status: "issued",
      amountCents: 9_000,
    });
    await expectInvariants(t);
  });

  test("signed out", async () => {
    const { t, eventId, typeIds } = await setup();
    expect(await rejectionData(buy(t, eventId, { typeId: typeIds[0]! }))).toEqual({
      code: "NOT_SIGNED_IN",
      message: TICKET_MESSAGES.notSignedInToBuy,
    });
  });

  test("after Esgotado the buyer is refused before paying", async () => {
    const { t, eventId, typeIds } = await setup();
    const rich = await signedInUser(t, { name: "Rica", walletCents: 100_000 });
    // Camarote: 3 inteira and 2 meia.
    expect(await buyNow(t, rich.as, eventId, { typeId: typeIds[1]!, units: 3 })).toMatchObject({ status: "issued" });
    const before = await snapshot(t);
    expect(await rejectionData(buy(rich.as, eventId, { typeId: typeIds[1]! }))).toEqual({
      code: "SOLD_OUT",
      message: TICKET_MESSAGES.inteiraSoldOut,
    });
    expect(await snapshot(t)).toEqual(before);
    // Meia is its own availability: still on sale.
    expect(await buyNow(t, rich.as, eventId, { typeId: typeIds[1]!, units: 2, meia: true, meiaCategory: "idoso" })).toMatchObject({
      status: "issued",
    });
    await expectInvariants(t);
  });
});

describe("capacity under a rush", () => {
  // A few queue batches' worth of buyers, so the worker decides capacity across turns; npm run test:scale runs 2,000.
  test("600 queued purchases for 100 units: exactly 100 tickets, meia within its share, everyone else refunded", async () => {
    await expectRushWithinCapacity(600);
  }, 120_000);
});

describe("the attendee list", () => {
  test("a list of more than 100 tickets is complete, also for an event whose tickets come from supports", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Organizadora" });
    const eventId = (await createEvent(creator.as, { isTicketed: true })) as Id<"events">;
    const event = (await t.run((ctx) => ctx.db.get("events", eventId)))!;
    await t.run(async (ctx) => {
      for (let i = 0; i < 150; i++) {
        const userId = await ctx.db.insert("users", { name: `Pessoa ${i}`, email: `pessoa${i}@exemplo.com` });
        await issueTicket(ctx, event, userId);
      }
    });
    expect(await creator.as.query(api.attendees.summary, { eventId })).toEqual([]);
    const rows = await allRowsOf((cursor) => creator.as.query(api.attendees.page, { eventId, paginationOpts: { numItems: 100, cursor } }));
    expect(rows).toHaveLength(150);
    expect(new Set(rows.map((row) => row.email)).size).toBe(150);
    expect(rows.every((row) => row.status === "valid" && row.priceCents === null && row.typeName === null)).toBe(true);
  });

  test("per type and lote: sold, meia and checked in; the CSV lists every ticket; only the creator gets it", async () => {
    const { t, creator, eventId, typeIds } = await setup();
    const bia = await signedInUser(t, { name: "Bia Souza", email: "bia@exemplo.com", walletCents: 50_000 });
    const caio = await signedInUser(t, { name: "=Caio", email: "caio@exemplo.com", walletCents: 50_000 });
    await buyNow(t, bia.as, eventId, { typeId: typeIds[0]!, units: 1, meia: true, meiaCategory: "pcd" });
    await buyNow(t, caio.as, eventId, { typeId: typeIds[1]!, units: 2 });
    const [biaTicket] = await bia.as.query(api.tickets.mine, {});
    const door = await creator.as.action(api.tickets.checkIn, { eventId, code: biaTicket!.code });
    expect(door).toMatchObject({ holderName: "Bia Souza", note: "Meia-entrada: conferir documento" });

    const summary = await creator.as.query(api.attendees.summary, { eventId });
    expect(summary.map((type) => [type.name, type.sold, type.meia, type.checkedIn])).toEqual([
      ["Pista", 1, 1, 1],
      ["Camarote", 2, 0, 0],
    ]);
    expect(summary[0]!.lotes.map((lote) => [lote.label, lote.sold, lote.meia, lote.checkedIn])).toEqual([
      ["1º lote", 1, 1, 1],
      ["2º lote", 0, 0, 0],
    ]);

    const page = await creator.as.query(api.attendees.page, { eventId, paginationOpts: { numItems: 100, cursor: null } });
    const csv = attendeeCsv(page.page, { timeZone: "America/Sao_Paulo" });
    expect(
      csv.startsWith(
        "\uFEFFNome;E-mail;Tipo;Lote;Inteira/Meia;Categoria;Preço;Situação;Código;Comprado em;Check-in em;Taxa de serviço;Cupom\r\n",
      ),
    ).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `^Bia Souza;bia@exemplo\\.com;Pista;1º lote;Meia;pessoa com deficiência e acompanhante;R\\$\\s30,00;usado;${biaTicket!.code};\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;;$`,
      ),
    );
    // A name typed as a formula is neutralized, so the organizer's spreadsheet never runs it.
    expect(lines[2]).toMatch(/^"'=Caio";caio@exemplo\.com;Camarote;1º lote;Inteira;;R\$\s150,00;válido;[A-Z0-9]{9};[^;]+;;;$/);

    // Cancelled: every ticket reads cancelado at once, before the refund batches reach the tickets.
    await creator.as.mutation(api.events.cancel, { id: eventId });
    const afterCancel = await creator.as.query(api.attendees.page, { eventId, paginationOpts: { numItems: 100, cursor: null } });
    expect(afterCancel.page.map((row) => row.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect((await bia.as.query(api.tickets.mine, {})).map((ticket) => ticket.status)).toEqual(["cancelled"]);

    for (const stranger of [bia.as, t]) {
      expect(await rejectionData(stranger.query(api.attendees.summary, { eventId }))).toMatchObject({ code: "NOT_THE_ORGANIZER" });
      expect(
        await rejectionData(stranger.query(api.attendees.page, { eventId, paginationOpts: { numItems: 10, cursor: null } })),
      ).toMatchObject({ code: "NOT_THE_ORGANIZER" });
    }
  });
});
