import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { formatDoorTime } from "../../model/door/checkIn";
import { allRows, createEvent, newBackend, rejectionData, signedInUser, type Backend, supportNow } from "../test.helpers";

/** A ticketed event by an organizer, and a fan holding one ticket to it. */
async function eventWithTicket(t: Backend) {
  const organizer = await signedInUser(t, { name: "Organizadora" });
  const fan = await signedInUser(t, { name: "Fã Número Um" });
  const eventId = await createEvent(organizer.as, { isTicketed: true, minSupportCents: 100 });
  await supportNow(t, fan.as, { eventId, amountCents: 100 });
  const [ticket] = await fan.as.query(api.tickets.mine, {});
  return { organizer, fan, eventId, code: ticket!.code };
}

async function ticketOf(t: Backend, code: string) {
  return (await allRows(t, "tickets")).find((ticket) => ticket.code === code)!;
}

async function eventRow(t: Backend, eventId: Id<"events">) {
  return t.run((ctx) => ctx.db.get("events", eventId));
}

describe("tickets:checkIn", () => {
  test("marks a valid ticket used, counts it, and returns the holder's name", async () => {
    const t = newBackend();
    const { organizer, fan, eventId, code } = await eventWithTicket(t);
    expect(await organizer.as.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: 1, used: 0 });
    const before = Date.now();
    expect(await organizer.as.action(api.tickets.checkIn, { eventId, code })).toEqual({
      holderName: "Fã Número Um",
      code,
      kind: null,
      note: null,
    });
    const ticket = await ticketOf(t, code);
    expect(ticket.status).toBe("used");
    expect(ticket.usedAt).toBeGreaterThanOrEqual(before);
    expect(await organizer.as.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: 1, used: 1 });
    expect((await fan.as.query(api.tickets.mine, {}))[0]).toMatchObject({ status: "used", usedAt: ticket.usedAt });
  });

  test("reads the code case-insensitively and ignores spaces", async () => {
    const t = newBackend();
    const { organizer, eventId, code } = await eventWithTicket(t);
    const typed = ` ${code.slice(0, 3).toLowerCase()} ${code.slice(3, 6)}  ${code.slice(6).toLowerCase()} `;
    await organizer.as.action(api.tickets.checkIn, { eventId, code: typed });
    expect((await ticketOf(t, code)).status).toBe("used");
  });

  test("a second check-in is refused with the time of the first, in São Paulo time, and counts once", async () => {
    const t = newBackend();
    const { organizer, eventId, code } = await eventWithTicket(t);
    await organizer.as.action(api.tickets.checkIn, { eventId, code });
    const { usedAt } = await ticketOf(t, code);
    const refusal = organizer.as.action(api.tickets.checkIn, { eventId, code: code.toLowerCase() });
    await expect(refusal).rejects.toMatchObject({
      data: { code: "TICKET_ALREADY_USED", message: `Ingresso já utilizado às ${formatDoorTime(usedAt!)}.`, usedAt },
    });
    expect((await ticketOf(t, code)).usedAt).toBe(usedAt);
    expect((await eventRow(t, eventId))?.ticketsUsed).toBe(1);
  });

  test("São Paulo time is UTC−3 with a 24-hour clock", () => {
    expect(formatDoorTime(Date.UTC(2026, 10, 23, 2, 5))).toBe("23:05");
    expect(formatDoorTime(Date.UTC(2026, 0, 1, 15, 30))).toBe("12:30");
  });

  test("a cancelled ticket is refused and stays cancelled", async () => {
    const t = newBackend();
    const { organizer, eventId, code } = await eventWithTicket(t);
    const { _id } = await ticketOf(t, code);
    await t.run((ctx) => ctx.db.patch("tickets", _id, { status: "cancelled" }));
    await expect(organizer.as.action(api.tickets.checkIn, { eventId, code })).rejects.toMatchObject({
      data: { code: "TICKET_CANCELLED", message: "Ingresso cancelado." },
    });
    expect((await ticketOf(t, code)).status).toBe("cancelled");
    expect(await organizer.as.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: 1, used: 0 });
  });

  test("a ticket issued before statuses existed counts as valid", async () => {
    const t = newBackend();
    const { organizer, eventId, code } = await eventWithTicket(t);
    expect((await ticketOf(t, code)).status).toBeUndefined();
    await organizer.as.action(api.tickets.checkIn, { eventId, code });
    expect((await ticketOf(t, code)).status).toBe("used");
  });

  test("another event's ticket, an unknown code and a malformed code are not found", async () => {
    const t = newBackend();
    const { organizer, eventId, code } = await eventWithTicket(t);
    const otherEventId = await createEvent(organizer.as, { isTicketed: true, name: "Outro Show" });
    for (const [id, typed] of [
      [otherEventId, code],
      [eventId, "ZZZZZZZZZ"],
      [eventId, ""],
      [eventId, "x".repeat(10_000)],
    ] as const) {
      await expect(organizer.as.action(api.tickets.checkIn, { eventId: id, code: typed })).rejects.toMatchObject({
        data: { code: "TICKET_NOT_FOUND", message: "Ingresso não encontrado para este evento." },
      });
    }
    expect((await ticketOf(t, code)).status).toBeUndefined();
    expect((await eventRow(t, otherEventId))?.ticketsUsed).toBeUndefined();
  });
});

describe("check-in is the organizer's", () => {
  const refusal = { data: { code: "NOT_THE_ORGANIZER", message: "Apenas o organizador pode validar ingressos." } };

  test("another user, the ticket holder, and a signed-out caller are refused, and nothing changes", async () => {
    const t = newBackend();
    const { fan, eventId, code } = await eventWithTicket(t);
    const stranger = await signedInUser(t, { name: "Outra Pessoa" });
    for (const caller of [stranger.as, fan.as, t]) {
      await expect(caller.action(api.tickets.checkIn, { eventId, code })).rejects.toMatchObject(refusal);
      await expect(caller.query(api.tickets.checkInStats, { eventId })).rejects.toMatchObject(refusal);
    }
    expect((await ticketOf(t, code)).status).toBeUndefined();
    expect((await eventRow(t, eventId))?.ticketsUsed).toBeUndefined();
  });

  test("an organizer cannot check in at another organizer's event", async () => {
    const t = newBackend();
    const { eventId, code } = await eventWithTicket(t);
    const otherOrganizer = await signedInUser(t, { name: "Outro Organizador" });
    await createEvent(otherOrganizer.as, { isTicketed: true });
    await expect(otherOrganizer.as.action(api.tickets.checkIn, { eventId, code })).rejects.toMatchObject(refusal);
  });

  test("a malformed or unknown event id is refused the same way", async () => {
    const t = newBackend();
    const { organizer, code } = await eventWithTicket(t);
    const deletedId = await createEvent(organizer.as, { isTicketed: true });
    await t.run((ctx) => ctx.db.delete("events", deletedId));
    for (const eventId of ["nope", deletedId, "x".repeat(1_000)]) {
      await expect(organizer.as.action(api.tickets.checkIn, { eventId, code })).rejects.toMatchObject(refusal);
      await expect(organizer.as.query(api.tickets.checkInStats, { eventId })).rejects.toMatchObject(refusal);
    }
  });
});

describe("attack: guessing ticket codes", () => {
  test("an organizer gets 60 tries a minute, wrong ones included; then RATE_LIMITED, even for a right code", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const t = newBackend();
      const { organizer, eventId, code } = await eventWithTicket(t);
      const other = await eventWithTicket(t);
      for (let i = 0; i < 60; i++) {
        const guess = `GUESS${String(i).padStart(4, "0")}`;
        expect((await rejectionData(organizer.as.action(api.tickets.checkIn, { eventId, code: guess }))).code).toBe("TICKET_NOT_FOUND");
      }
      expect(await rejectionData(organizer.as.action(api.tickets.checkIn, { eventId, code }))).toEqual({
        code: "RATE_LIMITED",
        message: "Muitas tentativas. Tente novamente em 1 segundo.",
      });
      expect((await ticketOf(t, code)).status).toBeUndefined();
      // Another organizer's door is not slowed down.
      await other.organizer.as.action(api.tickets.checkIn, { eventId: other.eventId, code: other.code });
      // A try comes back every second.
      vi.setSystemTime(Date.now() + 1_000);
      expect(await organizer.as.action(api.tickets.checkIn, { eventId, code })).toMatchObject({ code });
    } finally {
      vi.useRealTimers();
    }
  });
});
