/**
 * Presence rooms and timing, shared by the server and the UI (pure: no server imports).
 * The event page is room `event:<id>`, its chat `chat:<id>`.
 */
export const eventRoom = (eventId: string) => `event:${eventId}`;
export const chatRoom = (eventId: string) => `chat:${eventId}`;

/** How often an open page says it is still there. Someone who leaves without a goodbye
 * (closed laptop, lost network) drops after 2.5 heartbeats without one: 25 s, under a minute. */
export const PRESENCE_INTERVAL_MS = 10_000;

/** Shown at most: the count reads this many people, so a crowd costs the same as a few. */
export const MAX_PRESENCE_COUNT = 100;

export type Room = { kind: "event" | "chat"; eventId: string };

/** The room a room id names, or null for anything else. */
export function parseRoom(roomId: string): Room | null {
  const match = /^(event|chat):([^:]{1,64})$/.exec(roomId);
  return match === null ? null : { kind: match[1] as Room["kind"], eventId: match[2] as string };
}
