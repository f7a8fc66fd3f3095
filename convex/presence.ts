import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import {
  MAX_PRESENCE_ARG_LENGTH,
  MAX_PRESENCE_TOKEN_LENGTH,
  presence,
  presentViewer,
  roomCount,
  sweepLeftRooms,
} from "./model/events/presence";
import { MAX_PRESENCE_COUNT, PRESENCE_INTERVAL_MS } from "./model/shared/presenceRooms";

// The three functions @convex-dev/presence's usePresence hook calls, by these names
// (its goodbye beacon posts to "presence:disconnect").

/**
 * "Still here" from one open page of a signed-in person; returns the tokens that list the room
 * and end the visit. The client's `userId` is ignored: the server counts the caller's account
 * (model/events/presence.ts says why signed-out visitors are not counted).
 */
export const heartbeat = mutation({
  args: { roomId: v.string(), userId: v.string(), sessionId: v.string(), interval: v.number() },
  handler: async (ctx, { roomId, sessionId }) => {
    // The client's own random tab id: bounded, and never a user-facing failure.
    if (sessionId.length > MAX_PRESENCE_ARG_LENGTH) throw new Error("presence: sessionId too long");
    const viewer = await presentViewer(ctx, roomId);
    // The server's interval, not the caller's: a client cannot stretch how long it lingers.
    return presence.heartbeat(ctx, roomId, viewer, sessionId, PRESENCE_INTERVAL_MS);
  },
});

/**
 * The people online in the room (one entry per person, however many tabs), up to 100. Who
 * they are stays private: entries carry a position, not the person's id, since the page only
 * counts them and any visitor of the event may ask.
 */
export const list = query({
  args: { roomToken: v.string() },
  handler: async (ctx, { roomToken }) => {
    if (roomToken.length > MAX_PRESENCE_TOKEN_LENGTH) return [];
    // No per-caller reads: every viewer of a room shares one cached subscription.
    const people = await presence.list(ctx, roomToken, MAX_PRESENCE_COUNT);
    return people
      .filter((person) => person.online)
      .map(({ online, lastDisconnected }, position) => ({ userId: String(position), online, lastDisconnected }));
  },
});

/** How many people are on an event page now, for signed-out visitors (who are not counted). */
export const count = query({
  args: { roomId: v.string() },
  handler: (ctx, { roomId }) => roomCount(ctx, roomId),
});

/** Ends one page's visit. No auth check: the session token is the proof, and the
 * browser's goodbye beacon cannot carry the auth token. */
export const disconnect = mutation({
  args: { sessionToken: v.string() },
  handler: async (ctx, { sessionToken }) =>
    sessionToken.length > MAX_PRESENCE_TOKEN_LENGTH ? null : presence.disconnect(ctx, sessionToken),
});

/** Run by crons.ts: removes from every room the people who left; pages through events. */
export const sweepLeft = internalMutation({
  args: { cursor: v.union(v.string(), v.null()) },
  handler: (ctx, { cursor }) => sweepLeftRooms(ctx, cursor, Date.now()),
});
