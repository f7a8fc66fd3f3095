import { describe, expect, it } from "vitest";
import { MESSAGES } from "@convex/model/shared/texts";
import { checkEventForm } from "./check-event-form";
import { emptyTicketType } from "../ticket-types/ticket-types-form";
import { EMPTY_CREATE_EVENT, type CreateEventValues } from "./create-event-form";

const NOW = new Date(2027, 0, 10, 12, 0).getTime();

const FILLED: CreateEventValues = {
  ...EMPTY_CREATE_EVENT,
  name: "Show de Rock",
  category: "Música",
  date: "2027-02-01",
  time: "20:00",
  goal: "1.000,00",
  minSupport: "5,00",
  venueName: "Teatro Municipal",
  city: "São Paulo",
  uf: "SP",
};

describe("checkEventForm", () => {
  it("refuses an unreadable form with the general message before anything else", () => {
    expect(checkEventForm(EMPTY_CREATE_EVENT, NOW, { mustStartInFuture: true })).toEqual({
      ok: false,
      message: MESSAGES.invalidEventInput,
    });
  });

  it("asks for the place before the date", () => {
    const noPlace = { ...FILLED, date: "2026-12-01", venueName: "" };
    const checked = checkEventForm(noPlace, NOW, { mustStartInFuture: true });
    expect(checked.ok).toBe(false);
    expect(checked.ok ? null : checked.message).not.toBe(MESSAGES.eventInPast);
  });

  it("refuses a past date only when creating", () => {
    const past = { ...FILLED, date: "2026-12-01" };
    expect(checkEventForm(past, NOW, { mustStartInFuture: true })).toEqual({ ok: false, message: MESSAGES.eventInPast });
    expect(checkEventForm(past, NOW, { mustStartInFuture: false }).ok).toBe(true);
  });

  it("gives what to send: the event in cents, its place, no ticket types and no rewards", () => {
    const checked = checkEventForm(FILLED, NOW, { mustStartInFuture: true });
    expect(checked).toMatchObject({
      ok: true,
      input: { name: "Show de Rock", goalCents: 100_000, minSupportCents: 500, goalPercentage: 100 },
      details: { venueName: "Teatro Municipal", city: "São Paulo", uf: "SP" },
      ticketTypes: [],
      rewards: [],
    });
  });

  it("sends the ticket types with Máximo por pessoa", () => {
    const pista = {
      ...emptyTicketType(),
      name: "Pista",
      quantity: "100",
      lotes: [{ price: "40,00", endDate: "", endTime: "", quantity: "" }],
    };
    const checked = checkEventForm({ ...FILLED, isTicketed: true, ticketTypes: [pista], maxPerPerson: "4" }, NOW, {
      mustStartInFuture: true,
    });
    expect(checked).toMatchObject({
      ok: true,
      ticketTypes: [{ name: "Pista", quantity: 100 }],
      perPersonLimit: { maxTicketsPerPerson: 4 },
    });
  });
});
