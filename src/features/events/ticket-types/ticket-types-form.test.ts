import { describe, expect, test } from "vitest";
import { TICKET_MESSAGES } from "@convex/model/shared/ticketTypes";
import { WAITING_LIST_MESSAGES } from "@convex/model/shared/waitingList";
import { emptyTicketType, maxPerPersonValue, parseCount, toTicketTypes, UNREADABLE_TICKET_TYPES, valuesOfTypes } from "./ticket-types-form";

const NOW = new Date(2026, 0, 1, 12, 0).getTime();
const EVENT = { isTicketed: true, startsAt: new Date(2026, 1, 1, 21, 0).getTime(), category: "Música" };

describe("toTicketTypes", () => {
  test("reads prices in reais, free lotes, lote ends and the default 40% meia", () => {
    const pista = {
      ...emptyTicketType(),
      name: "Pista",
      quantity: "101",
      lotes: [
        { price: "60,50", endDate: "2026-01-20", endTime: "23:59", quantity: "" },
        { price: "0", endDate: "", endTime: "", quantity: "" },
      ],
    };
    expect(toTicketTypes([pista], EVENT, NOW)).toEqual({
      types: [
        {
          name: "Pista",
          quantity: 101,
          meiaQuantity: 41,
          lotes: [{ priceCents: 6_050, endsAt: new Date(2026, 0, 20, 23, 59).getTime() }, { priceCents: 0 }],
        },
      ],
      limit: {},
    });
  });

  test("reads 1.000 as one thousand, as people type it", () => {
    expect(parseCount("1.000")).toBe(1_000);
    expect(parseCount("1000")).toBe(1_000);
    expect(parseCount("1,5")).toBeNull();
  });

  test("a Tecnologia workshop may sell a type without meia; a show may not", () => {
    const workshop = {
      ...emptyTicketType(),
      name: "Oficina",
      quantity: "30",
      meiaQuantity: "0",
      lotes: [{ price: "100", endDate: "", endTime: "", quantity: "" }],
    };
    expect(toTicketTypes([workshop], { ...EVENT, category: "Tecnologia" }, NOW)).toHaveProperty("types");
    expect(toTicketTypes([workshop], EVENT, NOW)).toEqual({ message: TICKET_MESSAGES.meiaBelowMinimum });
  });

  test("says what is wrong with the server's own messages", () => {
    const type = {
      ...emptyTicketType(),
      name: "Pista",
      quantity: "10",
      meiaQuantity: "3",
      lotes: [{ price: "10", endDate: "", endTime: "", quantity: "" }],
    };
    expect(toTicketTypes([type], EVENT, NOW)).toEqual({ message: TICKET_MESSAGES.meiaBelowMinimum });
    expect(toTicketTypes([{ ...type, quantity: "dez" }], EVENT, NOW)).toEqual({ message: UNREADABLE_TICKET_TYPES });
    expect(toTicketTypes([{ ...type, lotes: [{ price: "-5", endDate: "", endTime: "", quantity: "" }] }], EVENT, NOW)).toEqual({
      message: UNREADABLE_TICKET_TYPES,
    });
    expect(toTicketTypes([type], { ...EVENT, isTicketed: false }, NOW)).toEqual({ types: [], limit: {} });
  });

  test("an edit round-trips the stored types, a bought one frozen", () => {
    const stored = [
      {
        _id: "t1",
        name: "Camarote",
        quantity: 50,
        meiaQuantity: 20,
        lotes: [{ priceCents: 15_000, quantity: 30 }, { priceCents: 20_000 }],
        purchased: true,
      },
    ];
    const [values] = valuesOfTypes(stored);
    expect(values).toMatchObject({ id: "t1", quantity: "50", meiaQuantity: "20", frozenLotes: 2 });
    expect(toTicketTypes([values!], EVENT, NOW)).toEqual({
      types: [{ id: "t1", name: "Camarote", quantity: 50, meiaQuantity: 20, lotes: stored[0]!.lotes }],
      limit: {},
    });
  });

  test("Máximo por pessoa: empty is no limit, 1 to 100 is sent, anything else is refused with the server's sentence", () => {
    const type = {
      ...emptyTicketType(),
      name: "Pista",
      quantity: "10",
      meiaQuantity: "4",
      lotes: [{ price: "10", endDate: "", endTime: "", quantity: "" }],
    };
    expect(toTicketTypes([type], EVENT, NOW, { maxPerPerson: "4" })).toMatchObject({ limit: { maxTicketsPerPerson: 4 } });
    expect(toTicketTypes([type], EVENT, NOW, { maxPerPerson: " " })).toMatchObject({ limit: {} });
    for (const bad of ["0", "101", "2,5", "dois"])
      expect(toTicketTypes([type], EVENT, NOW, { maxPerPerson: bad })).toEqual({ message: WAITING_LIST_MESSAGES.invalidLimit });
    expect(maxPerPersonValue([{ maxPerPerson: 4 }])).toBe("4");
    expect(maxPerPersonValue([{ maxPerPerson: null }])).toBe("");
  });
});
