import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import { chatRoom, eventRoom, PRESENCE_INTERVAL_MS } from "./model/shared/presenceRooms";
import { createEvent, DAY, newBackend, rejectionData, signedInUser, type Backend, type Caller } from "./test.helpers";

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

  test("signed-out viewers of an event page count too, once per browser", async () => {
    const { t, ana, eventId } = await setup();
    const { roomToken } = await visit(ana.as, eventRoom(eventId), "ana-tab-1");
    await visit(t, eventRoom(eventId), "anon-tab-1", ANON);
    await visit(t, eventRoom(eventId), "anon-tab-2", ANON);
    expect(await online(t, roomToken)).toBe(2);
    expect((await rejectionData(visit(t, eventRoom(eventId), "x", "someone-else"))).code).toBe("NOT_SIGNED_IN");
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
    await ana.as.mutation(api.supports.support, { eventId, amountCents: 100 });
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
    const { t, eventId } = await setup();
    const huge = "x".repeat(1024 * 1024);
    expect((await rejectionData(visit(t, `${eventRoom(eventId)}${huge}`, "s1", ANON))).code).toBe("EVENT_NOT_FOUND");
    expect((await rejectionData(visit(t, eventRoom(eventId), "s2", `${ANON}${huge}`))).code).toBe("NOT_SIGNED_IN");
    await expect(visit(t, eventRoom(eventId), huge, ANON)).rejects.toThrow("sessionId too long");
    expect(await t.query(api.presence.list, { roomToken: huge })).toEqual([]);
    expect(await t.mutation(api.presence.disconnect, { sessionToken: huge })).toBeNull();
  });
});
