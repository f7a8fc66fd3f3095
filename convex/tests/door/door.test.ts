/**
 * The door that keeps working offline: entries sent later are decided in the order they happened,
 * a ticket enters once whatever order doors reconnect in, refusals go to review, forged batches
 * are refused whole and shown to the organizer.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { doorCodeHash, MAX_DOOR_BATCH } from "../../model/shared/door";
import { createEvent, DAY, MINUTE, newBackend, rejectionData, signedInUser, snapshot, supportNow, type Caller } from "../test.helpers";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-12-01T22:00:00Z"));
});
afterEach(() => vi.useRealTimers());

/** An event with `holders` tickets, its organizer, and two door people. */
async function setup(holders = 3) {
  const t = newBackend();
  const organizer = await signedInUser(t, { name: "Organizadora" });
  const eventId = (await createEvent(organizer.as, {
    isTicketed: true,
    startsAt: Date.now() + 20 * DAY,
    goalCents: 1_000_000,
  })) as Id<"events">;
  const codes: string[] = [];
  for (let i = 0; i < holders; i++) {
    const holder = await signedInUser(t, { name: `Pessoa ${i}` });
    await supportNow(t, holder.as, { eventId, amountCents: 1_000 });
    codes.push((await holder.as.query(api.tickets.mine, {}))[0]!.code);
  }
  const door = async (name: string, doorName: string, role: "portaria" | "coordenacao" = "portaria") => {
    const person = await signedInUser(t, { name });
    const memberId = await organizer.as.mutation(api.team.invite, { eventId, email: `${name.toLowerCase()}@exemplo.com`, role });
    const { sessionId } = await person.as.mutation(api.door.open, { eventId, doorName });
    return { as: person.as, sessionId, memberId };
  };
  return { t, organizer, eventId, codes, door };
}

const scan = (clientId: string, code: string, scannedAt: number) => ({ clientId, code, scannedAt });
const sync = (as: Caller, sessionId: string, scans: ReturnType<typeof scan>[]) => as.mutation(api.door.sync, { sessionId, scans });

describe("two doors offline", () => {
  test.each(["A first", "B first"])("the earliest scan wins whichever door reconnects first (%s)", async (order) => {
    const { t, organizer, eventId, codes, door } = await setup();
    const a = await door("Ana", "Portão A");
    const b = await door("Beto", "Portão B");
    const t0 = Date.now();
    vi.setSystemTime(t0 + 10 * MINUTE);
    // Both doors scanned code 0; B did it first (t0 + 1 min). A alone scanned code 1; B alone code 2.
    const batchA = [scan("a1", codes[0]!, t0 + 3 * MINUTE), scan("a2", codes[1]!, t0 + 4 * MINUTE)];
    const batchB = [scan("b1", codes[0]!, t0 + MINUTE), scan("b2", codes[2]!, t0 + 2 * MINUTE)];
    if (order === "A first") {
      await sync(a.as, a.sessionId, batchA);
      await sync(b.as, b.sessionId, batchB);
    } else {
      await sync(b.as, b.sessionId, batchB);
      await sync(a.as, a.sessionId, batchA);
    }
    expect(await organizer.as.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: 3, used: 3 });
    expect(await a.as.query(api.door.review, { sessionId: a.sessionId })).toEqual([
      expect.objectContaining({ outcome: "duplicate", firstDoor: "Portão B", firstAt: t0 + MINUTE, scannedAt: t0 + 3 * MINUTE }),
    ]);
    expect(await b.as.query(api.door.review, { sessionId: b.sessionId })).toEqual([]);
    const figures = await organizer.as.query(api.door.figures, { eventId });
    expect(figures.inside).toBe(3);
    expect(figures.perDoor).toEqual([
      { key: "Portão B", count: 2 },
      { key: "Portão A", count: 1 },
    ]);
    expect(figures.perType).toEqual([{ key: "Ingresso", count: 3 }]);
    const tickets = await t.run((ctx) => ctx.db.query("tickets").collect());
    expect(tickets.find((ticket) => ticket.code === codes[0])).toMatchObject({ status: "used", usedAt: t0 + MINUTE, usedDoor: "Portão B" });
  });

  test("a batch sent again (its answer was lost) is applied once", async () => {
    const { organizer, eventId, codes, door } = await setup();
    const a = await door("Ana", "Portão A");
    const batch = [scan("a1", codes[0]!, Date.now())];
    await sync(a.as, a.sessionId, batch);
    expect(await sync(a.as, a.sessionId, batch)).toEqual({ refused: null, results: [] });
    expect((await organizer.as.query(api.tickets.checkInStats, { eventId })).used).toBe(1);
  });

  test("a ticket cancelled or transferred while the door was offline is refused, for review", async () => {
    const { t, organizer, eventId, codes, door } = await setup();
    const a = await door("Ana", "Portão A");
    await t.run(async (ctx) => {
      for (const ticket of await ctx.db.query("tickets").collect()) {
        if (ticket.code === codes[0]) await ctx.db.patch("tickets", ticket._id, { status: "cancelled" });
        if (ticket.code === codes[1]) await ctx.db.patch("tickets", ticket._id, { status: "transferred" });
      }
    });
    const result = await sync(a.as, a.sessionId, [scan("a1", codes[0]!, Date.now()), scan("a2", codes[1]!, Date.now() + 1)]);
    expect(result.results.map((row) => row.outcome)).toEqual(["cancelled", "transferred"]);
    expect((await a.as.query(api.door.review, { sessionId: a.sessionId })).map((row) => row.outcome)).toEqual(["cancelled", "transferred"]);
    expect((await organizer.as.query(api.tickets.checkInStats, { eventId })).used).toBe(0);
  });
});

describe("forged batches are refused whole, nothing changed, and the organizer sees them", () => {
  test.each([
    [
      "a code that does not exist",
      (codes: string[], now: number) => [scan("x1", codes[0]!, now), scan("x2", "ZZZZZZZZZ", now)],
      "unknownCode",
    ],
    ["a time in the future", (codes: string[], now: number) => [scan("x1", codes[0]!, now + DAY)], "futureTime"],
    ["a time before the download", (codes: string[], now: number) => [scan("x1", codes[0]!, now - DAY)], "beforeDownload"],
  ])("%s", async (_label, forge, reason) => {
    const { t, organizer, eventId, codes, door } = await setup();
    const a = await door("Ana", "Portão A");
    const tickets = async () => t.run((ctx) => ctx.db.query("tickets").collect());
    const before = await tickets();
    expect(await sync(a.as, a.sessionId, forge(codes, Date.now()))).toEqual({ refused: reason, results: [] });
    expect(await tickets()).toEqual(before);
    expect(await organizer.as.query(api.door.refusals, { eventId })).toEqual([
      expect.objectContaining({ who: "Ana", doorName: "Portão A", reason, entries: expect.any(Number) }),
    ]);
  });

  test("a code of another event counts as one that does not exist", async () => {
    const { t, organizer, eventId, door } = await setup();
    const otherEventId = (await createEvent(organizer.as, { isTicketed: true, startsAt: Date.now() + 20 * DAY })) as Id<"events">;
    const holder = await signedInUser(t, { name: "Outra" });
    await supportNow(t, holder.as, { eventId: otherEventId, amountCents: 1_000 });
    const [otherTicket] = await holder.as.query(api.tickets.mine, {});
    const a = await door("Ana", "Portão A");
    expect((await sync(a.as, a.sessionId, [scan("x1", otherTicket!.code, Date.now())])).refused).toBe("unknownCode");
    expect((await organizer.as.query(api.tickets.checkInStats, { eventId: otherEventId })).used).toBe(0);
    expect((await organizer.as.query(api.door.refusals, { eventId })).map((row) => row.reason)).toEqual(["unknownCode"]);
  });

  test("a removed member's stale page: the batch is refused and logged", async () => {
    const { t, organizer, eventId, codes, door } = await setup();
    const a = await door("Ana", "Portão A");
    await organizer.as.mutation(api.team.remove, { eventId, memberId: a.memberId });
    const ticketsBefore = await t.run((ctx) => ctx.db.query("tickets").collect());
    expect(await sync(a.as, a.sessionId, [scan("a1", codes[0]!, Date.now())])).toEqual({ refused: "notInTeam", results: [] });
    expect(await t.run((ctx) => ctx.db.query("tickets").collect())).toEqual(ticketsBefore);
    expect((await organizer.as.query(api.door.refusals, { eventId }))[0]).toMatchObject({ reason: "notInTeam" });
    expect((await rejectionData(a.as.query(api.door.review, { sessionId: a.sessionId }))).code).toBe("NOT_AT_THE_DOOR");
  });

  test("a batch over the bound is refused before any work; another person's session is not found", async () => {
    const { t, codes, door } = await setup();
    const a = await door("Ana", "Portão A");
    const b = await door("Beto", "Portão B");
    const before = await snapshot(t);
    const big = Array.from({ length: MAX_DOOR_BATCH + 1 }, (_, i) => scan(`c${i}`, codes[0]!, Date.now()));
    expect((await rejectionData(sync(a.as, a.sessionId, big))).code).toBe("INVALID_DOOR");
    expect((await rejectionData(sync(b.as, a.sessionId, [scan("b1", codes[0]!, Date.now())]))).code).toBe("DOOR_SESSION_NOT_FOUND");
    expect(await snapshot(t)).toEqual(before);
  });
});

describe("the download and Desfazer check-in", () => {
  test("the download pages through fingerprints, names and types; used tickets say when and where", async () => {
    const { eventId, codes, door } = await setup(3);
    const a = await door("Ana", "Portão A");
    await sync(a.as, a.sessionId, [scan("a1", codes[1]!, Date.now())]);
    const first = await a.as.query(api.door.codes, { eventId, paginationOpts: { numItems: 2, cursor: null } });
    const rest = await a.as.query(api.door.codes, { eventId, paginationOpts: { numItems: 2, cursor: first.continueCursor } });
    expect(rest.isDone).toBe(true);
    const rows = [...first.page, ...rest.page];
    expect(rows.map((row) => row.hash).sort()).toEqual((await Promise.all(codes.map((code) => doorCodeHash(eventId, code)))).sort());
    expect(JSON.stringify(rows)).not.toContain(codes[0]);
    const usedHash = await doorCodeHash(eventId, codes[1]!);
    expect(rows.filter((row) => row.usedDoor !== null)).toEqual([
      expect.objectContaining({ hash: usedHash, usedDoor: "Portão A", usedAt: Date.now(), name: "Pessoa 1", kind: null }),
    ]);
  });

  test("Coordenação undoes a check-in: the ticket may enter again, every count goes back; Portaria may not", async () => {
    const { organizer, eventId, codes, door } = await setup();
    const a = await door("Ana", "Portão A");
    const c = await door("Cora", "Portão C", "coordenacao");
    await sync(a.as, a.sessionId, [scan("a1", codes[0]!, Date.now())]);
    expect((await rejectionData(a.as.mutation(api.door.undoCheckIn, { eventId, code: codes[0]! }))).code).toBe("NOT_AT_THE_DOOR");
    expect(await c.as.mutation(api.door.undoCheckIn, { eventId, code: codes[0]! })).toEqual({ holderName: "Pessoa 0" });
    expect((await organizer.as.query(api.door.figures, { eventId })).perDoor).toEqual([]);
    expect((await organizer.as.query(api.tickets.checkInStats, { eventId })).used).toBe(0);
    expect((await rejectionData(c.as.mutation(api.door.undoCheckIn, { eventId, code: codes[0]! }))).code).toBe("TICKET_NOT_USED");
    const again = await sync(a.as, a.sessionId, [scan("a2", codes[0]!, Date.now() + 1)]);
    expect(again.results[0]!.outcome).toBe("accepted");
  });

  test("an online check-in counts at the door Principal, per hour and type", async () => {
    const { organizer, eventId, codes } = await setup(1);
    await organizer.as.action(api.tickets.checkIn, { eventId, code: codes[0]! });
    const figures = await organizer.as.query(api.door.figures, { eventId });
    expect(figures.perDoor).toEqual([{ key: "Principal", count: 1 }]);
    expect(figures.perHour).toEqual([{ hourStart: Date.parse("2026-12-01T22:00:00Z"), count: 1 }]);
  });
});

describe("inside Convex's limits", () => {
  test("a full batch whose every entry moves a first entry, and a full page of the download, pass with the limits enforced", async () => {
    const t = newBackend({ transactionLimits: true });
    const organizer = await signedInUser(t, { name: "Organizadora" });
    const eventId = (await createEvent(organizer.as, {
      isTicketed: true,
      startsAt: Date.now() + 20 * DAY,
      goalCents: 100_000_000,
    })) as Id<"events">;
    const codes: string[] = [];
    for (let i = 0; i < MAX_DOOR_BATCH; i++) {
      const holder = await signedInUser(t, { name: `Pessoa ${i}` });
      await supportNow(t, holder.as, { eventId, amountCents: 1_000 });
      codes.push((await holder.as.query(api.tickets.mine, {}))[0]!.code);
    }
    const doors: { as: Caller; sessionId: string }[] = [];
    for (const [name, doorName] of [
      ["Ana", "Portão A"],
      ["Beto", "Portão B"],
    ] as const) {
      const person = await signedInUser(t, { name });
      await organizer.as.mutation(api.team.invite, { eventId, email: `${name.toLowerCase()}@exemplo.com`, role: "portaria" });
      doors.push({ as: person.as, sessionId: (await person.as.mutation(api.door.open, { eventId, doorName })).sessionId });
    }
    const [a, b] = doors as [(typeof doors)[0], (typeof doors)[0]];
    const base = Date.now();
    vi.setSystemTime(base + MINUTE);
    await sync(
      a.as,
      a.sessionId,
      codes.map((code, i) => scan(`a${i}`, code, base + 1_000 + i)),
    );
    // B scanned every code earlier: each of its entries moves the ticket's first entry.
    const late = await sync(
      b.as,
      b.sessionId,
      codes.map((code, i) => scan(`b${i}`, code, base + i)),
    );
    expect(late.results.every((row) => row.outcome === "accepted")).toBe(true);
    expect((await a.as.query(api.door.review, { sessionId: a.sessionId })).length).toBe(MAX_DOOR_BATCH);
    const page = await a.as.query(api.door.codes, { eventId, paginationOpts: { numItems: 100, cursor: null } });
    expect(page.page).toHaveLength(MAX_DOOR_BATCH);
  });
});
