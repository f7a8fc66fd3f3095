import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { generateTicketCode, issueTicket, TICKET_CODE_PATTERN } from "../../model/tickets/issue";
import { createEvent, newBackend, signedInUser, supportNow } from "../test.helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ticket codes", () => {
  test("are 9 characters of A–Z and 0–9, unique over 1,000 tickets", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    const eventId = await createEvent(creator.as, { isTicketed: true });
    const codes = await t.run(async (ctx) => {
      const event = (await ctx.db.get("events", eventId))!;
      const issued: string[] = [];
      for (let i = 0; i < 1_000; i++) issued.push(await issueTicket(ctx, event, creator.userId));
      return issued;
    });
    expect(codes).toHaveLength(1_000);
    for (const code of codes) expect(code).toMatch(TICKET_CODE_PATTERN);
    expect(new Set(codes).size).toBe(1_000);
  });

  test("use the whole alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) for (const char of generateTicketCode()) seen.add(char);
    expect(seen.size).toBe(36);
  });

  test("a code already taken is drawn again", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    const eventId = await createEvent(creator.as, { isTicketed: true });
    // The random source gives all zeros twice ("AAAAAAAAA" twice), then real bytes: the
    // second ticket must be drawn again rather than reuse the first one's code.
    const real = crypto.getRandomValues.bind(crypto);
    let calls = 0;
    vi.spyOn(crypto, "getRandomValues").mockImplementation(((array: Uint8Array<ArrayBuffer>) => {
      calls++;
      return calls <= 2 ? array.fill(0) : real(array);
    }) as typeof crypto.getRandomValues);
    const codes = await t.run(async (ctx) => {
      const event = (await ctx.db.get("events", eventId))!;
      return [await issueTicket(ctx, event, creator.userId), await issueTicket(ctx, event, creator.userId)];
    });
    expect(codes[0]).toBe("AAAAAAAAA");
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(codes[1]).toMatch(TICKET_CODE_PATTERN);
    expect(codes[1]).not.toBe(codes[0]);
  });
});

describe("tickets:mine", () => {
  test("lists the caller's tickets newest first with the event's date; [] when signed out", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    const fan = await signedInUser(t, { name: "Fã" });
    const first = await createEvent(creator.as, { isTicketed: true, name: "Primeiro", minSupportCents: 100 });
    const second = await createEvent(creator.as, { isTicketed: true, name: "Segundo", minSupportCents: 100 });
    await supportNow(t, fan.as, { eventId: first, amountCents: 100 });
    await supportNow(t, fan.as, { eventId: second, amountCents: 100 });
    const tickets = await fan.as.query(api.tickets.mine, {});
    expect(tickets.map((ticket) => ticket.eventName)).toEqual(["Segundo", "Primeiro"]);
    expect(tickets[0]?.eventStartsAt).toEqual((await t.query(api.events.get, { id: second }))?.startsAt);
    expect(await creator.as.query(api.tickets.mine, {})).toEqual([]);
    expect(await t.query(api.tickets.mine, {})).toEqual([]);
  });
});
