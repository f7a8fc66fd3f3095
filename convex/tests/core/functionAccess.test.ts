/**
 * The one table of who may call what (model/shared/functionAccess.ts), proven both ways: it
 * lists every public function the deployment has, and every function acting on an event is
 * called by every role: the roles it lists succeed, everyone else is refused with nothing changed.
 */
import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { FUNCTION_ACCESS, type EventFunction, type FunctionName } from "../../model/shared/functionAccess";
import type { EventRole } from "../../model/shared/team";
import {
  createEvent,
  eventInput,
  newBackend,
  rejectionData,
  signedInUser,
  snapshot,
  supportNow,
  type Backend,
  type Caller,
  DAY,
} from "../test.helpers";
import { modules } from "../test.setup";

/** The refusals an access check gives: the function's own words for "not for you". */
const ACCESS_REFUSALS = ["NOT_SIGNED_IN", "NOT_THE_ORGANIZER", "NOT_THE_CREATOR", "NOT_AT_THE_DOOR", "DOOR_SESSION_NOT_FOUND"];

type Who = EventRole | "stranger" | "signedOut";
const EVERYONE: Who[] = ["organizer", "gerente", "coordenacao", "portaria", "stranger", "signedOut"];

/** An event with a ticket used at the door, its organizer, a member of each role and a stranger. */
async function world() {
  const t = newBackend();
  const organizer = await signedInUser(t, { name: "Organizadora" });
  const base = eventInput({ isTicketed: true, startsAt: Date.now() + 20 * DAY, goalCents: 1_000_000 });
  const eventId = (await createEvent(organizer.as, base)) as Id<"events">;
  const callers: Record<Who, Caller | Backend> = { organizer: organizer.as, signedOut: t } as Record<Who, Caller | Backend>;
  const memberIds: Record<string, string> = {};
  for (const role of ["gerente", "coordenacao", "portaria"] as const) {
    const member = await signedInUser(t, { name: `Equipe ${role}` });
    memberIds[role] = await organizer.as.mutation(api.team.invite, { eventId, email: `equipe.${role}@exemplo.com`, role });
    callers[role] = member.as;
  }
  callers.stranger = (await signedInUser(t, { name: "Estranha" })).as;
  const holders: string[] = [];
  for (const name of ["Bia", "Caio"]) {
    const holder = await signedInUser(t, { name });
    await supportNow(t, holder.as, { eventId, amountCents: 1_000 });
    holders.push((await holder.as.query(api.tickets.mine, {}))[0]!.code);
  }
  // The first ticket is already in (for `Desfazer check-in`); the second one is not.
  await organizer.as.action(api.tickets.checkIn, { eventId, code: holders[0]! });
  return { t, organizer, base, eventId, callers, memberIds, usedCode: holders[0]!, freshCode: holders[1]! };
}

type World = Awaited<ReturnType<typeof world>>;
const page = { numItems: 10, cursor: null };

/** The caller's own door session when it may open one; otherwise the organizer's (not theirs). */
async function sessionFor(w: World, who: Who): Promise<string> {
  const opener = FUNCTION_ACCESS["door:open"].includes(who as never) ? (w.callers[who] as Caller) : w.organizer.as;
  return (await opener.mutation(api.door.open, { eventId: w.eventId, doorName: "Portão A" })).sessionId;
}

/** A call past the access check that ends in the function's own refusal `code`; any other error goes on. */
async function expectCode(call: Promise<unknown>, code: string): Promise<void> {
  try {
    await call;
  } catch (error) {
    if ((error as { data?: { code?: string } }).data?.code !== code) throw error;
  }
}

/** One valid call of each event function, as `who`. */
const CALLS: Record<EventFunction, (w: World, who: Who, sessionId: string) => Promise<unknown>> = {
  "attendees:page": (w, who) => w.callers[who].query(api.attendees.page, { eventId: w.eventId, paginationOpts: page }),
  "attendees:summary": (w, who) => w.callers[who].query(api.attendees.summary, { eventId: w.eventId }),
  "coupons:create": (w, who) =>
    w.callers[who].mutation(api.coupons.create, { eventId: w.eventId, code: "AMIGOS10", discount: { kind: "percent", percent: 10 } }),
  "coupons:list": (w, who) => w.callers[who].query(api.coupons.list, { eventId: w.eventId }),
  // The world's event sells no ticket types: the organizer gets past the access check to the cortesias' own refusal.
  "courtesies:issue": (w, who) =>
    expectCode(
      w.callers[who].mutation(api.courtesies.issue, { eventId: w.eventId, typeId: w.eventId, emails: ["amiga@exemplo.com"] }),
      "INVALID_COURTESY",
    ),
  "courtesies:list": (w, who) => w.callers[who].query(api.courtesies.list, { eventId: w.eventId, paginationOpts: page }),
  "courtesies:setLimit": (w, who) =>
    expectCode(w.callers[who].mutation(api.courtesies.setLimit, { eventId: w.eventId, limit: 5 }), "INVALID_COURTESY"),
  "courtesies:summary": (w, who) => w.callers[who].query(api.courtesies.summary, { eventId: w.eventId }),
  "door:codes": (w, who) => w.callers[who].query(api.door.codes, { eventId: w.eventId, paginationOpts: page }),
  "door:figures": (w, who) => w.callers[who].query(api.door.figures, { eventId: w.eventId }),
  "door:open": (w, who) => w.callers[who].mutation(api.door.open, { eventId: w.eventId, doorName: "Portão B" }),
  "door:refusals": (w, who) => w.callers[who].query(api.door.refusals, { eventId: w.eventId }),
  "door:review": (w, who, sessionId) => w.callers[who].query(api.door.review, { sessionId }),
  "door:sync": async (w, who, sessionId) => {
    const result = await w.callers[who].mutation(api.door.sync, {
      sessionId,
      scans: [{ clientId: "a1", code: w.freshCode, scannedAt: Date.now() }],
    });
    expect(result).toEqual({ refused: null, results: [{ clientId: "a1", outcome: "accepted", firstDoor: null, firstAt: null }] });
  },
  "door:undoCheckIn": (w, who) => w.callers[who].mutation(api.door.undoCheckIn, { eventId: w.eventId, code: w.usedCode }),
  "events:cancel": (w, who) => w.callers[who].mutation(api.events.cancel, { id: w.eventId }),
  "events:update": (w, who) =>
    w.callers[who].mutation(api.events.update, { id: w.eventId, ...w.base, description: `${w.base.description ?? ""} Portões às 19h.` }),
  "fees:setMode": (w, who) => w.callers[who].mutation(api.fees.setMode, { eventId: w.eventId, mode: "passedOn" }),
  "rewards:supporters": (w, who) => w.callers[who].query(api.rewards.supporters, { eventId: w.eventId, paginationOpts: page }),
  "team:invite": (w, who) => w.callers[who].mutation(api.team.invite, { eventId: w.eventId, email: "nova@exemplo.com", role: "portaria" }),
  "team:list": (w, who) => w.callers[who].query(api.team.list, { eventId: w.eventId }),
  "team:remove": (w, who) => w.callers[who].mutation(api.team.remove, { eventId: w.eventId, memberId: w.memberIds.portaria! }),
  "tickets:checkIn": (w, who) => w.callers[who].action(api.tickets.checkIn, { eventId: w.eventId, code: w.freshCode }),
  "tickets:checkInStats": (w, who) => w.callers[who].query(api.tickets.checkInStats, { eventId: w.eventId }),
  // The world's event sells no ticket types, so the organizer gets past the access check to the
  // room's own refusal (`INVALID_SALE_OPENING`); anyone else is stopped before it.
  "waitingRoom:configure": async (w, who) => {
    try {
      await w.callers[who].mutation(api.waitingRoom.configure, { eventId: w.eventId, opensAt: null });
    } catch (error) {
      if ((error as { data?: { code?: string } }).data?.code !== "INVALID_SALE_OPENING") throw error;
    }
  },
  "updates:post": (w, who) => w.callers[who].mutation(api.updates.post, { eventId: w.eventId, title: "Portões abertos", body: "Até já!" }),
};

const eventFunctions = (Object.keys(FUNCTION_ACCESS) as FunctionName[]).filter(
  (name): name is EventFunction => typeof FUNCTION_ACCESS[name] !== "string",
);

describe.each(eventFunctions)("%s, called by every role", (fn) => {
  const allowed: readonly string[] = FUNCTION_ACCESS[fn];
  test.each(EVERYONE)("%s", async (who) => {
    const w = await world();
    // The door session the call uses: the caller's own, or the organizer's when they may not open one.
    const sessionId = fn === "door:review" || fn === "door:sync" ? await sessionFor(w, who) : "";
    if (allowed.includes(who)) {
      await CALLS[fn](w, who, sessionId);
      return;
    }
    const before = await snapshot(w.t);
    const error = await rejectionData(CALLS[fn](w, who, sessionId));
    expect(ACCESS_REFUSALS).toContain(error.code);
    expect(await snapshot(w.t)).toEqual(before);
  });
});

test("the table lists every public function of the deployment, and nothing else", async () => {
  const found: string[] = [];
  for (const [path, load] of Object.entries(modules)) {
    const module = (await load()) as Record<string, unknown>;
    const name = path.replace(/^\.\.\//, "").replace(/\.(ts|js)$/, "");
    for (const [exported, value] of Object.entries(module)) {
      const fn = value as { isPublic?: boolean; isRegistered?: boolean } | null;
      if (fn !== null && typeof fn === "object" && fn.isRegistered === true && fn.isPublic === true) found.push(`${name}:${exported}`);
      if (fn !== null && typeof fn === "function" && (fn as { isPublic?: boolean }).isPublic === true) found.push(`${name}:${exported}`);
    }
  }
  expect(found.sort()).toEqual(Object.keys(FUNCTION_ACCESS).sort());
});
