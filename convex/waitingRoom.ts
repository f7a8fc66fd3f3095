import { v } from "convex/values";
import { internalMutation, query } from "./_generated/server";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { WAITING_ROOM_MESSAGES } from "./model/shared/waitingRoom";
import { assignDrawKeys, assignDrawPlaces, openRoom } from "./model/waitingRoom/draw";
import { joinRoom } from "./model/waitingRoom/entries";
import { tickRoom } from "./model/waitingRoom/outflow";
import { configureOpening, myPlaceOf, roomStatusOf } from "./model/waitingRoom/rooms";

/**
 * `Abertura das vendas` with `Sala de espera`, by the event's organizer, before the opening:
 * `opensAt` (null removes it) and, optionally, buyers let in per minute.
 */
export const configure = signedInMutation({
  args: { eventId: v.string(), opensAt: v.union(v.number(), v.null()), perMinute: v.optional(v.number()) },
  handler: async (ctx, { eventId, opensAt, perMinute }) => {
    const input = opensAt === null ? null : { opensAt, ...(perMinute === undefined ? {} : { perMinute }) };
    await configureOpening(ctx, ctx.user._id, idArg(ctx, "events", eventId), input, Date.now());
  },
});

/**
 * The room as every page shows it: opening, status, the "now entering" counter and the outflow;
 * null for an event without a room. The same answer for everyone (it reads no caller), so one
 * run serves every open page at each tick.
 */
export const status = query({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const id = idArg(ctx, "events", eventId);
    return id === null ? null : roomStatusOf(ctx, id);
  },
});

/** The caller's place and turn (every tab of the account shares it); null when not in the room or signed out. */
export const mine = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const id = idArg(ctx, "events", eventId);
    if (ctx.user === null || id === null) return null;
    return myPlaceOf(ctx, id, ctx.user._id);
  },
});

/**
 * `Entrar na sala de espera`. No rate limit: an account joins a room once (a second join is
 * refused and writes nothing, and a refused call would give a token back anyway), so a flood
 * adds no documents; a limiter would cost every one of an on-sale's thousands of joins a
 * component call and a write.
 */
export const join = signedInMutation({
  args: { eventId: v.string() },
  signedOutMessage: WAITING_ROOM_MESSAGES.notSignedIn,
  handler: async (ctx, { eventId }) => {
    await joinRoom(ctx, ctx.user._id, idArg(ctx, "events", eventId), Date.now());
  },
});

const step = { eventId: v.id("events"), generation: v.number() };

/** The opening (scheduled at `opensAt`): a fresh seed, then the draw. */
export const open = internalMutation({
  args: { ...step, seed: v.optional(v.string()) },
  handler: (ctx, { eventId, generation, seed }) => openRoom(ctx, eventId, generation, seed),
});

export const drawKeys = internalMutation({
  args: step,
  handler: (ctx, { eventId, generation }) => assignDrawKeys(ctx, eventId, generation),
});

export const drawPlaces = internalMutation({
  args: step,
  handler: (ctx, { eventId, generation }) => assignDrawPlaces(ctx, eventId, generation, Date.now()),
});

export const tick = internalMutation({
  args: step,
  handler: (ctx, { eventId, generation }) => tickRoom(ctx, eventId, generation, Date.now()),
});
