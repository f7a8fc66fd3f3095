import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { enforceRateLimit } from "./model/core/rateLimits";
import { TICKET_MESSAGES } from "./model/shared/ticketTypes";
import { expireHold, joinWaitingList, leaveWaitingList, waitingOf } from "./model/waitingList/list";

/** `Entrar na lista de espera` of a sold-out option (inteira or meia) of a type, for 1 to 4 units. */
export const join = signedInMutation({
  args: { eventId: v.string(), typeId: v.string(), units: v.number(), meia: v.boolean() },
  signedOutMessage: TICKET_MESSAGES.notSignedInToBuy,
  handler: async (ctx, { eventId, typeId, units, meia }) => {
    await enforceRateLimit(ctx, "support", ctx.user._id);
    const entryId = await joinWaitingList(
      ctx,
      ctx.user._id,
      idArg(ctx, "events", eventId),
      { typeId: idArg(ctx, "ticketTypes", typeId), units, meia },
      Date.now(),
    );
    return { entryId };
  },
});

/** `Sair da lista`: a place in line, or a hold given up (its units go to the next in line). */
export const leave = signedInMutation({
  args: { entryId: v.string() },
  handler: async (ctx, { entryId }) => {
    await leaveWaitingList(ctx, ctx.user._id, idArg(ctx, "waitingListEntries", entryId), Date.now());
  },
});

/** The caller's places in the event's lines (`Você é o 3º da fila`) and holds, live; [] signed out. */
export const mine = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const id = idArg(ctx, "events", eventId);
    if (ctx.user === null || id === null) return [];
    return waitingOf(ctx, ctx.user._id, id, Date.now());
  },
});

/** Scheduled at a hold's end: unbought, it goes to the next in line. */
export const expire = internalMutation({
  args: { entryId: v.id("waitingListEntries") },
  handler: async (ctx, { entryId }) => {
    await expireHold(ctx, entryId, Date.now());
  },
});
