import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import { LEFT_AFTER_MS, presence, ROOM_SWEEP_PAGE } from "../../model/events/presence";
import { chatRoom, eventRoom, PRESENCE_INTERVAL_MS } from "../../model/shared/presenceRooms";
import {
  createEvent,
  DAY,
  newBackend,
  rejectionData,
  runDueFunctions,
  signedInUser,
  type Backend,
  type Caller,
  supportNow,
} from "../test.helpers";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const ANON = "anon:0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";

async function setup() {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const ana = await signedInUser(t, { name: "Ana" });
  const bruno = await signedInUser(t, { name: "Bruno" });
  const eventId = await createEvent(creator.as, { minSupportCents: 100, startsAt: Date.now() + 7 * DAY });
  return { t, creator, ana, bruno, eventId };
}

/** One open page: what usePresence sends (the client's claimed id is ignored when signed in). */
function visit(who: Caller | Backend, roomId: string, sessionId: string, userId = "cliente") {
  return who.mutation(api.presence.heartbeat, { roomId, userId, sessionId, interval: PRESENCE_INTERVAL_MS });
}

async function online(t: Backend, roomToken: string) {
  return (await t.query(api.presence.list, { roomToken })).length;
}

describe("presence: people, not tabs", () => {
  test("two people count 2; a second tab of one of them does not add", async () => {
    const { t, ana, bruno, eventId } = await setup();
    const { roomToken } = await visit(ana.as, eventRoom(eventId), "ana-tab-1");
    await visit(bruno.as, eventRoom(eventId), "bruno-tab-1");
    expect(await online(t, roomToken)).toBe(2);
    await visit(ana.as, eventRoom(eventId), "ana-tab-2");
    expect(await online(t, roomToken)).toBe(2);
    // Anyone on the page may list the room: it says how many, not who.
    const listed = (await t.query(api.presence.list, { roomToken })).map((person) => person.userId);
    expect(listed).not.toContain(ana.userId);
    expect(listed).not.toContain(bruno.userId);
  });

  test("attack: one signed-out connection inventing 200 visitor ids adds nobody", async () => {
    const { t, ana, eventId } = await setup();
    const { roomToken } = await visit(ana.as, eventRoom(eventId), "ana-tab-1");
    for (let i = 0; i < 200; i++) {
      const invented = `anon:${String(i).padStart(8, "0")}-4b5a-6978-8796-a5b4c3d2e1f0`;
      await visit(t, eventRoom(eventId), `tab-${i}`, invented).catch(() => null);
    }
    expect(await online(t, roomToken)).toBe(1);
    expect((await rejectionData(visit(t, eventRoom(eventId), "x", ANON))).code).toBe("NOT_SIGNED_IN");
  });

  test("attack: one signed-in person claiming 200 ids and tabs still counts once", async () => {
    const { t, ana, eventId } = await setup();
    let roomToken = "";
    for (let i = 0; i < 200; i++)
      ({ roomToken } = await visit(ana.as, eventRoom(eventId), `tab-${i}`, `anon:${i}-fake-0000-0000-000000000000`));
    expect(await online(t, roomToken)).toBe(1);
  });

  test("signed-out visitors see the count of an event page without joining it", async () => {
    const { t, ana, bruno, eventId } = await setup();
    expect(await t.query(api.presence.count, { roomId: eventRoom(eventId) })).toBe(0);
    await visit(ana.as, eventRoom(eventId), "ana-tab-1");
    await visit(bruno.as, eventRoom(eventId), "bruno-tab-1");
    expect(await t.query(api.presence.count, { roomId: eventRoom(eventId) })).toBe(2);
    // Only event pages: a chat's count is for who may use the chat, through its heartbeat.
    expect((await rejectionData(t.query(api.presence.count, { roomId: chatRoom(eventId) }))).code).toBe("EVENT_NOT_FOUND");
    expect((await rejectionData(t.query(api.presence.count, { roomId: "event:nada" }))).code).toBe("EVENT_NOT_FOUND");
    expect((await rejectionData(t.query(api.presence.count, { roomId: "x".repeat(100_000) }))).code).toBe("EVENT_NOT_FOUND");
  });

  test("closing a page drops the person at once; a vanished page within a minute", async () => {
    const { t, ana, bruno, eventId } = await setup();
    const { roomToken, sessionToken } = await visit(ana.as, eventRoom(eventId), "ana-tab-1");
    await visit(bruno.as, eventRoom(eventId), "bruno-tab-1");
    await t.mutation(api.presence.disconnect, { sessionToken });
    expect(await online(t, roomToken)).toBe(1);

    // Bruno's page stops sending heartbeats (no goodbye): gone after 2.5 intervals.
    vi.advanceTimersByTime(30_000);
    await t.finishInProgressScheduledFunctions();
    vi.advanceTimersByTime(30_000);
    await t.finishInProgressScheduledFunctions();
    expect(await online(t, roomToken)).toBe(0);
  });

  test("a chat room admits only who may use the chat", async () => {
    const { t, creator, ana, bruno, eventId } = await setup();
    await supportNow(t, ana.as, { eventId, amountCents: 100 });
    const { roomToken } = await visit(ana.as, chatRoom(eventId), "ana-chat");
    await visit(creator.as, chatRoom(eventId), "creator-chat");
    expect(await online(t, roomToken)).toBe(2);
    expect((await rejectionData(visit(bruno.as, chatRoom(eventId), "bruno-chat"))).code).toBe("NOT_A_SUPPORTER");
    expect((await rejectionData(visit(t, chatRoom(eventId), "anon-chat", ANON))).code).toBe("NOT_SIGNED_IN");
  });

  test("unknown rooms and events are refused", async () => {
    const { ana } = await setup();
    expect((await rejectionData(visit(ana.as, "event:nada", "s1"))).code).toBe("EVENT_NOT_FOUND");
    expect((await rejectionData(visit(ana.as, "lobby", "s2"))).code).toBe("EVENT_NOT_FOUND");
  });

  test("oversized arguments are refused before any work", async () => {
    const { t, ana, eventId } = await setup();
    const huge = "x".repeat(1024 * 1024);
    expect((await rejectionData(visit(ana.as, `${eventRoom(eventId)}${huge}`, "s1"))).code).toBe("EVENT_NOT_FOUND");
    await expect(visit(ana.as, eventRoom(eventId), huge)).rejects.toThrow("sessionId too long");
    expect(await t.query(api.presence.list, { roomToken: huge })).toEqual([]);
    expect(await t.mutation(api.presence.disconnect, { sessionToken: huge })).toBeNull();
  });
});

describe("presence: rooms are cleaned of people who left", () => {
  function roomRows(t: Backend, roomId: string) {
    return t.run((ctx) => presence.listRoom(ctx, roomId, false, 1_000));
  }

  test("the sweep removes who left, on every page of events, and keeps who is still there", async () => {
    const { t, creator, ana, bruno, eventId } = await setup();
    let organizer = creator;
    // More events than one sweep page, the watched one last, so reaching it takes the paging.
    // (Creators make at most 10 events an hour each.)
    for (let i = 0; i < ROOM_SWEEP_PAGE + 5; i++) {
      if (i % 10 === 0) organizer = await signedInUser(t, { name: `Organizadora ${i}` });
      await createEvent(organizer.as, { startsAt: Date.now() + 7 * DAY });
    }
    const lastEventId = await createEvent(creator.as, { minSupportCents: 100, startsAt: Date.now() + 7 * DAY });
    await supportNow(t, ana.as, { eventId: lastEventId, amountCents: 100 });
    for (const id of [eventId, lastEventId]) {
      const left = await visit(bruno.as, eventRoom(id), `bruno-${id}`);
      await t.mutation(api.presence.disconnect, { sessionToken: left.sessionToken });
    }
    const { sessionToken: chatSession } = await visit(ana.as, chatRoom(lastEventId), "ana-chat");
    await t.mutation(api.presence.disconnect, { sessionToken: chatSession });
    vi.advanceTimersByTime(LEFT_AFTER_MS + 1_000);
    // Ana is still on the last event's page (her heartbeat keeps her online).
    await visit(ana.as, eventRoom(lastEventId), "ana-page");
    expect(await roomRows(t, eventRoom(lastEventId))).toHaveLength(2);

    await t.mutation(internal.presence.sweepLeft, { cursor: null });
    await runDueFunctions(t);
    expect(await roomRows(t, eventRoom(eventId))).toEqual([]);
    expect(await roomRows(t, chatRoom(lastEventId))).toEqual([]);
    expect((await roomRows(t, eventRoom(lastEventId))).map((row) => row.online)).toEqual([true]);
  });

  test("someone who left a moment ago stays until LEFT_AFTER_MS have passed", async () => {
    const { t, bruno, eventId } = await setup();
    const { sessionToken } = await visit(bruno.as, eventRoom(eventId), "bruno-tab");
    await t.mutation(api.presence.disconnect, { sessionToken });
    await t.mutation(internal.presence.sweepLeft, { cursor: null });
    expect(await roomRows(t, eventRoom(eventId))).toHaveLength(1);
    vi.advanceTimersByTime(LEFT_AFTER_MS);
    await t.mutation(internal.presence.sweepLeft, { cursor: null });
    expect(await roomRows(t, eventRoom(eventId))).toEqual([]);
  });
});
