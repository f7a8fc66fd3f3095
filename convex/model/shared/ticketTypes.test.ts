import { describe, expect, test } from "vitest";
import {
  addSale,
  availabilityOf,
  inteiraGoneForGood,
  meiaShareSummary,
  currentLoteIndex,
  decidePurchase,
  minimumMeia,
  NO_SALES,
  TICKET_MESSAGES,
  ticketKindLabel,
  unitPriceCents,
  validateTicketTypes,
  type TicketTypeInput,
} from "./ticketTypes";

const NOW = 1_000_000;
const EVENT = { isTicketed: true, startsAt: NOW + 100_000, category: "Música" };
const pista: TicketTypeInput = {
  name: "Pista",
  quantity: 100,
  meiaQuantity: 40,
  lotes: [
    { priceCents: 5_000, quantity: 50 },
    { priceCents: 8_000, endsAt: NOW + 50_000 },
  ],
};

describe("lotes", () => {
  const lotes = [{ priceCents: 3_000, endsAt: NOW + 10 }, { priceCents: 4_000, quantity: 2 }, { priceCents: 5_000 }];

  test("advance by date", () => {
    expect(currentLoteIndex(lotes, [], NOW)).toBe(0);
    expect(currentLoteIndex(lotes, [], NOW + 9)).toBe(0);
    expect(currentLoteIndex(lotes, [], NOW + 10)).toBe(1);
  });

  test("advance when their quantity is sold", () => {
    expect(currentLoteIndex(lotes, [0, 1], NOW + 10)).toBe(1);
    expect(currentLoteIndex(lotes, [0, 2], NOW + 10)).toBe(2);
  });

  test("none is current once the last ended by its date", () => {
    expect(currentLoteIndex([{ priceCents: 1, endsAt: NOW }], [], NOW)).toBeNull();
  });
});

describe("validateTicketTypes", () => {
  test("takes a valid event's types, names cleaned", () => {
    const checked = validateTicketTypes([{ ...pista, name: "  Pista  " }], EVENT, NOW);
    expect(checked).toEqual({ types: [pista] });
  });

  test.each<[string, Partial<TicketTypeInput>, string]>([
    ["a negative price", { lotes: [{ priceCents: -1 }] }, TICKET_MESSAGES.invalidPrice],
    ["a fractional price", { lotes: [{ priceCents: 10.5 }] }, TICKET_MESSAGES.invalidPrice],
    ["quantity 0", { quantity: 0, meiaQuantity: 0 }, TICKET_MESSAGES.invalidQuantity],
    ["quantity above 100.000", { quantity: 100_001, meiaQuantity: 40_001 }, TICKET_MESSAGES.invalidQuantity],
    ["a fractional quantity", { quantity: 10.5 }, TICKET_MESSAGES.invalidQuantity],
    ["an empty name", { name: " " }, TICKET_MESSAGES.invalidTypeName],
    ["no lote", { lotes: [] }, TICKET_MESSAGES.noLotes],
    ["a lote ending after the event", { lotes: [{ priceCents: 1, endsAt: EVENT.startsAt + 1 }] }, TICKET_MESSAGES.loteAfterEvent],
    ["a lote ending in the past", { lotes: [{ priceCents: 1, endsAt: NOW - 1 }] }, TICKET_MESSAGES.loteInPast],
    [
      "lotes out of order",
      {
        lotes: [
          { priceCents: 1, endsAt: NOW + 20 },
          { priceCents: 1, endsAt: NOW + 10 },
        ],
      },
      TICKET_MESSAGES.loteOrder,
    ],
    ["a first lote without an end", { lotes: [{ priceCents: 1 }, { priceCents: 2 }] }, TICKET_MESSAGES.loteEndMissing],
    [
      "lotes holding more than the type",
      {
        lotes: [
          { priceCents: 1, quantity: 80 },
          { priceCents: 1, quantity: 21 },
        ],
      },
      TICKET_MESSAGES.invalidLoteQuantity,
    ],
    ["meia above the quantity", { meiaQuantity: 101 }, TICKET_MESSAGES.invalidMeiaQuantity],
    ["meia below 40%", { meiaQuantity: 39 }, TICKET_MESSAGES.meiaBelowMinimum],
  ])("refuses %s", (_label, change, message) => {
    expect(validateTicketTypes([{ ...pista, ...change }], EVENT, NOW)).toEqual({ message });
  });

  test("the 40% applies where the law asks for it: Música, Esporte, Entretenimento, not a Tecnologia workshop", () => {
    const noMeia = { ...pista, meiaQuantity: 0 };
    for (const category of ["Música", "Esporte", "Entretenimento"])
      expect(validateTicketTypes([noMeia], { ...EVENT, category }, NOW)).toEqual({ message: TICKET_MESSAGES.meiaBelowMinimum });
    expect(validateTicketTypes([noMeia], { ...EVENT, category: "Tecnologia" }, NOW)).toEqual({ types: [noMeia] });
  });

  test("the editor's summary reads thousands and says whether the law's minimum applies", () => {
    expect(meiaShareSummary(400, 1_000, "Música")).toBe(
      "Meia-entrada: 400 de 1.000 ingressos (40%). Para Música, a lei pede pelo menos 40%.",
    );
    expect(meiaShareSummary(0, 1_000, "Tecnologia")).toBe(
      "Meia-entrada: 0 de 1.000 ingressos (0%). A lei da meia-entrada não se aplica a eventos de Tecnologia.",
    );
    expect(meiaShareSummary(90, 250, "")).toBe(
      "Meia-entrada: 90 de 250 ingressos (36%). Para Música, Esporte e Entretenimento, a lei pede pelo menos 40%.",
    );
  });

  test("40% is of the event's tickets: one type may carry the meia of another", () => {
    const camarote = { name: "Camarote", quantity: 50, meiaQuantity: 0, lotes: [{ priceCents: 20_000 }] };
    // 150 tickets → at least 60 meia.
    expect(minimumMeia(150)).toBe(60);
    expect(validateTicketTypes([{ ...pista, meiaQuantity: 60 }, camarote], EVENT, NOW)).toHaveProperty("types");
    expect(validateTicketTypes([{ ...pista, meiaQuantity: 59 }, camarote], EVENT, NOW)).toEqual({
      message: TICKET_MESSAGES.meiaBelowMinimum,
    });
  });

  test("types need a ticketed event", () => {
    expect(validateTicketTypes([pista], { ...EVENT, isTicketed: false }, NOW)).toEqual({ message: TICKET_MESSAGES.typesNeedTickets });
    expect(validateTicketTypes([], { ...EVENT, isTicketed: false }, NOW)).toEqual({ types: [] });
  });

  test("an edit keeps a lote end that has passed since", () => {
    const passed = { ...pista, lotes: [{ priceCents: 1, endsAt: NOW - 5 }, { priceCents: 2 }] };
    expect(validateTicketTypes([passed], EVENT, NOW)).toEqual({ message: TICKET_MESSAGES.loteInPast });
    expect(validateTicketTypes([passed], EVENT, NOW, { keepEnds: new Set([NOW - 5]) })).toHaveProperty("types");
  });
});

describe("availability and the purchase decision", () => {
  const type = { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 5_001, quantity: 3 }, { priceCents: 8_000 }] };

  test("meia costs half the lote's price, rounded down", () => {
    expect(unitPriceCents(type.lotes[0]!, true)).toBe(2_500);
    expect(unitPriceCents(type.lotes[0]!, false)).toBe(5_001);
  });

  test("Restam N is what the type has left, inteira + meia; the lote's smaller remainder is told apart", () => {
    expect(availabilityOf(type, NO_SALES, NOW)).toMatchObject({
      loteIndex: 0,
      inteiraLeft: 6,
      meiaLeft: 4,
      left: 10,
      loteLeft: 3,
      state: "onSale",
    });
    const afterLote = addSale(NO_SALES, { loteIndex: 0, units: 3, meia: true });
    expect(availabilityOf(type, afterLote, NOW)).toMatchObject({ loteIndex: 1, inteiraLeft: 6, meiaLeft: 1, left: 7, loteLeft: null });
    // The example: 100 left in a lote of a type that has 180 left.
    const big = { name: "Pista", quantity: 300, meiaQuantity: 120, lotes: [{ priceCents: 4_000, quantity: 200 }, { priceCents: 6_000 }] };
    const sold = { inteiraSold: 60, meiaSold: 40, loteSold: [100] };
    expect(availabilityOf(big, sold, NOW)).toMatchObject({ inteiraLeft: 120, meiaLeft: 80, left: 200, loteLeft: 100 });
  });

  test("the meia reserve stays buyable after the last lote ended by its quantity, at the last lote's meia price", () => {
    // 10 units, 4 meia, one lote of 6: six inteira end the lote.
    const oneLote = { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 4_000, quantity: 6 }] };
    const sixInteira = addSale(NO_SALES, { loteIndex: 0, units: 6, meia: false });
    expect(availabilityOf(oneLote, sixInteira, NOW)).toMatchObject({
      loteIndex: 0,
      inteiraLeft: 0,
      meiaLeft: 4,
      left: 4,
      meiaReserve: true,
      state: "onSale",
    });
    expect(decidePurchase(oneLote, sixInteira, { loteIndex: 0, units: 4, meia: true }, NOW)).toEqual({ ok: true });
    expect(decidePurchase(oneLote, sixInteira, { loteIndex: 0, units: 1, meia: false }, NOW)).toEqual({
      ok: false,
      message: TICKET_MESSAGES.inteiraSoldOut,
    });
    expect(inteiraGoneForGood(oneLote, sixInteira)).toBe(true);
    const all = addSale(sixInteira, { loteIndex: 0, units: 4, meia: true });
    expect(availabilityOf(oneLote, all, NOW).state).toBe("soldOut");
    // A last lote ending by its date ends the sales, meia included.
    const dated = { ...oneLote, lotes: [{ priceCents: 4_000, quantity: 6, endsAt: NOW + 10 }] };
    expect(availabilityOf(dated, sixInteira, NOW).state).toBe("onSale");
    expect(availabilityOf(dated, sixInteira, NOW + 10)).toMatchObject({ state: "ended", left: 0 });
  });

  test("never more than the quantity, and meia never more than it offers", () => {
    let sales = NO_SALES;
    let sold = 0;
    for (let i = 0; i < 30; i++) {
      const meia = i % 2 === 0;
      const { loteIndex } = availabilityOf(type, sales, NOW);
      const request = { loteIndex: loteIndex ?? 0, units: 1, meia };
      if (decidePurchase(type, sales, request, NOW).ok) {
        sales = addSale(sales, request);
        sold += 1;
      }
    }
    expect(sold).toBe(10);
    expect(sales.meiaSold).toBe(4);
    expect(availabilityOf(type, sales, NOW).state).toBe("soldOut");
    expect(decidePurchase(type, sales, { loteIndex: 1, units: 1, meia: false }, NOW)).toEqual({
      ok: false,
      message: TICKET_MESSAGES.soldOut,
    });
  });

  test("a purchase for a lote that has ended is refused with its message", () => {
    const sales = addSale(NO_SALES, { loteIndex: 0, units: 3, meia: false });
    expect(decidePurchase(type, sales, { loteIndex: 0, units: 1, meia: false }, NOW)).toEqual({
      ok: false,
      message: TICKET_MESSAGES.loteChanged,
    });
    // The lote is short, not the type: said of the lote.
    expect(decidePurchase(type, NO_SALES, { loteIndex: 0, units: 4, meia: false }, NOW)).toEqual({
      ok: false,
      message: TICKET_MESSAGES.notEnoughInLote(3),
    });
    // The type is short: "Restam apenas N deste tipo".
    const nearlyGone = { inteiraSold: 4, meiaSold: 0, loteSold: [3, 1] };
    expect(decidePurchase(type, nearlyGone, { loteIndex: 1, units: 3, meia: false }, NOW)).toEqual({
      ok: false,
      message: TICKET_MESSAGES.notEnough(2),
    });
  });

  test("the ticket says its kind", () => {
    expect(ticketKindLabel("estudante")).toBe("Meia-entrada (estudante)");
    expect(ticketKindLabel("pcd")).toBe("Meia-entrada (pessoa com deficiência e acompanhante)");
    expect(ticketKindLabel(null)).toBe("Inteira");
  });
});
