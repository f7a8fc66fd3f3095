/**
 * Two doors that were offline reconnect on the real engine (its optimistic concurrency: the two
 * batches may commit side by side and conflict). They scanned overlapping codes; whatever order
 * they come back in, every valid code is checked in exactly once, at the door that scanned it
 * first, and each duplicate is reported to its door naming the first door.
 */
import type { ConvexClient } from "convex/browser";
import { expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { backendForFile, createEvent, waitForQuery } from "../test-support.ts";

const HOLDERS = 24;
const backend = backendForFile();

type Scan = { clientId: string; code: string; scannedAt: number };

/** A ticketed event with `HOLDERS` tickets, and two door people invited before their first sign-in. */
async function doorsAndCodes(tag: string) {
  const organizer = await backend.signedIn(`Organizadora ${tag}`, `org.${tag}@exemplo.com`);
  const eventId = await createEvent(organizer, { isTicketed: true, goalCents: 10_000_000 });
  const codes = await Promise.all(
    Array.from({ length: HOLDERS }, async (_, n) => {
      const holder = await backend.signedIn(`Fã ${tag} ${n}`, `fa.${tag}.${n}@exemplo.com`);
      const { supportId } = await holder.mutation(api.supports.support, { eventId, amountCents: 1_000 });
      const outcome = await waitForQuery(holder, api.supports.outcome, { supportId }, (value) => value?.status === "applied");
      return outcome!.status === "applied" ? outcome!.ticketCode! : "";
    }),
  );
  const doors: { client: ConvexClient; sessionId: string; name: string }[] = [];
  for (const name of ["Portão A", "Portão B"]) {
    const email = `porta.${tag}.${name.slice(-1)}@exemplo.com`;
    await organizer.mutation(api.team.invite, { eventId, email: email.toUpperCase(), role: "portaria" });
    const client = await backend.signedIn(`Porteiro ${name}`, email);
    const { sessionId } = await client.mutation(api.door.open, { eventId, doorName: name });
    doors.push({ client, sessionId, name });
  }
  return { organizer, eventId, codes, doors };
}

/**
 * What each door scanned offline: A the first two thirds, B the last two thirds; on the shared
 * third, A was first on even tickets and B on odd ones. Returns the door that was first per code.
 */
function offlineScans(codes: string[], base: number) {
  const a: Scan[] = [];
  const b: Scan[] = [];
  const first = new Map<string, "Portão A" | "Portão B">();
  codes.forEach((code, n) => {
    const at = base + n * 50;
    const inA = n < (HOLDERS * 2) / 3;
    const inB = n >= HOLDERS / 3;
    const aFirst = n % 2 === 0;
    if (inA) a.push({ clientId: `a${n}`, code, scannedAt: inB && !aFirst ? at + 20 : at });
    if (inB) b.push({ clientId: `b${n}`, code, scannedAt: inA && aFirst ? at + 20 : at });
    first.set(code, inA && (!inB || aFirst) ? "Portão A" : "Portão B");
  });
  return { a, b, first };
}

it.each(["A reconnects first", "B reconnects first", "both reconnect at once"])(
  "two doors offline with overlapping codes (%s): each code in once, each duplicate names the first door",
  async (order) => {
    const { organizer, eventId, codes, doors } = await doorsAndCodes(order.split(" ")[0]!.toLowerCase());
    const [doorA, doorB] = doors as [(typeof doors)[0], (typeof doors)[0]];
    const { a, b, first } = offlineScans(codes, Date.now());
    const send = (door: typeof doorA, scans: Scan[]) => door.client.mutation(api.door.sync, { sessionId: door.sessionId, scans });
    const results =
      order === "A reconnects first"
        ? [await send(doorA, a), await send(doorB, b)]
        : order === "B reconnects first"
          ? [await send(doorB, b), await send(doorA, a)].reverse()
          : await Promise.all([send(doorA, a), send(doorB, b)]);
    expect(results.map((result) => result.refused)).toEqual([null, null]);

    expect(await organizer.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: HOLDERS, used: HOLDERS });
    const figures = await organizer.query(api.door.figures, { eventId });
    const firstCounts = [...first.values()].reduce(
      (counts, door) => counts.set(door, (counts.get(door) ?? 0) + 1),
      new Map<string, number>(),
    );
    expect(Object.fromEntries(figures.perDoor.map((row) => [row.key, row.count]))).toEqual(Object.fromEntries(firstCounts));

    // Each door's review: exactly the shared codes where the other door was first, naming it.
    for (const [door, scans] of [
      [doorA, a],
      [doorB, b],
    ] as const) {
      const review = await door.client.query(api.door.review, { sessionId: door.sessionId });
      const expected = scans.filter((scan) => first.get(scan.code) !== door.name);
      expect(expected.length).toBe(HOLDERS / 6);
      expect(review).toHaveLength(expected.length);
      for (const row of review) {
        expect(row.outcome).toBe("duplicate");
        expect(row.firstDoor).toBe(door.name === "Portão A" ? "Portão B" : "Portão A");
      }
    }
  },
);
