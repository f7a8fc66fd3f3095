import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { action, internalMutation } from "./_generated/server";
import { idArg } from "./model/core/args";
import { callerQuery } from "./model/core/callerFunctions";
import { signedInMutation } from "./model/core/callerFunctions";
import { cancelSupport as cancelSupportOf } from "./model/supports/cancel";
import { checkInStatsOf, checkInTicket, requireOrganizer, type CheckedIn } from "./model/door/checkIn";
import { enforceRateLimit } from "./model/core/rateLimits";
import { DEFAULT_DOOR_NAME, DOOR_MESSAGES, normalizeDoorName } from "./model/shared/door";
import { appError } from "./model/shared/errors";
import { shownTicketStatus } from "./model/tickets/issue";
import { currentUser } from "./model/users/accounts";

/** Bound on "Meus Ingressos"; far more tickets than one person holds. */
const MAX_TICKETS = 500;

/** The caller's tickets, newest first, with each event's start time; [] when signed out. */
export const mine = callerQuery({
  args: {},
  handler: async (ctx) => {
    const { user } = ctx;
    if (user === null) return [];
    const tickets = await ctx.db
      .query("tickets")
      .withIndex("by_userId", (q) => q.eq("userId", user._id))
      .order("desc")
      .take(MAX_TICKETS);
    const purchases = new Map<string, { _id: Id<"ticketPurchases">; purchasedAt: number; units: number; amountCents: number }>();
    // A purchase one of whose tickets was given away or used at the door can no longer be cancelled
    // (the server refuses it): no button on its other tickets either.
    const settled = (ticket: Doc<"tickets">) => ticket.status === "transferred" || ticket.status === "used";
    const notCancellable = new Set(tickets.flatMap((ticket) => (settled(ticket) ? [ticket.purchaseId] : [])));
    for (const ticket of tickets) {
      if (ticket.purchaseId === undefined || purchases.has(ticket.purchaseId) || notCancellable.has(ticket.purchaseId)) continue;
      const purchase = await ctx.db.get("ticketPurchases", ticket.purchaseId);
      if (purchase === null || purchase.userId !== user._id) continue;
      const { _id, units, amountCents } = purchase;
      purchases.set(ticket.purchaseId, { _id, purchasedAt: purchase._creationTime, units, amountCents });
    }
    const supportOf = async (ticket: Doc<"tickets">) => {
      if (ticket.contributionId === undefined || ticket.status === "cancelled" || settled(ticket)) return null;
      const contribution = await ctx.db.get("contributions", ticket.contributionId);
      return contribution === null ? null : { supportedAt: contribution._creationTime, amountCents: contribution.amountCents };
    };
    return Promise.all(
      tickets.map(async (ticket) => {
        const event = await ctx.db.get("events", ticket.eventId);
        return {
          _id: ticket._id,
          code: ticket.code,
          eventId: ticket.eventId,
          eventName: ticket.eventName,
          eventStartsAt: event?.startsAt ?? null,
          issuedAt: ticket.issuedAt,
          status: shownTicketStatus(ticket.status, event),
          usedAt: ticket.usedAt ?? null,
          // Bought through a ticket type: "Pista · 1º lote", and the meia category the buyer declared.
          typeName: ticket.typeName ?? null,
          loteIndex: ticket.loteIndex ?? null,
          meiaCategory: ticket.meiaCategory ?? null,
          // A `Cortesia` from the organizer: no purchase, nothing to cancel.
          courtesy: ticket.courtesy === true,
          // The purchase that issued it, which its buyer may cancel (`Cancelar compra`) within its window.
          purchase: purchases.get(ticket.purchaseId ?? "") ?? null,
          // A support's ticket, which its supporter may cancel (`Cancelar apoio`) while the event collects.
          support: await supportOf(ticket),
          // `Transferido para <e-mail>` on a ticket given away; a ticket received cannot move again.
          transferredTo: ticket.transferredTo ?? null,
          received: ticket.transferredFromId !== undefined,
        };
      }),
    );
  },
});

/**
 * At the door: the event's organizer or door team marks a ticket used; returns the holder's name. Every try
 * spends one of the organizer's check-in tries first, in its own transaction, so a wrong code's
 * refusal (which rolls its own transaction back) still counts: codes cannot be guessed faster
 * than the limit.
 */
export const checkIn = action({
  // `doorName`: the door the ticket enters by (`Equipe`'s check-in page names its door); `Principal` when absent.
  args: { eventId: v.string(), code: v.string(), doorName: v.optional(v.string()) },
  handler: async (ctx, { eventId, code, doorName }): Promise<CheckedIn> => {
    await ctx.runMutation(internal.tickets.spendCheckInTry, { eventId });
    return ctx.runMutation(internal.tickets.checkInAtDoor, { eventId, code, doorName });
  },
});

/** One try of `checkIn`: the caller must be at the event's door (shared/functionAccess.ts) and have a try left this minute. */
export const spendCheckInTry = internalMutation({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const user = await currentUser(ctx);
    // Signed out is answered like anyone else who is not the organizer.
    await requireOrganizer(ctx, user?._id ?? null, idArg(ctx, "events", eventId), "tickets:checkIn");
    // Each person at the door has their own tries: doors side by side do not share one budget.
    await enforceRateLimit(ctx, "checkIn", user!._id);
  },
});

/** The check-in itself, once `spendCheckInTry` let the try through. */
export const checkInAtDoor = internalMutation({
  args: { eventId: v.string(), code: v.string(), doorName: v.optional(v.string()) },
  handler: async (ctx, { eventId, code, doorName }) => {
    const user = await currentUser(ctx);
    const event = await requireOrganizer(ctx, user?._id ?? null, idArg(ctx, "events", eventId), "tickets:checkIn");
    const door = normalizeDoorName(doorName ?? DEFAULT_DOOR_NAME);
    if (door === null) throw appError("INVALID_DOOR", DOOR_MESSAGES.invalidDoorName);
    return checkInTicket(ctx, event, code, Date.now(), door);
  },
});

/** How many of the event's tickets were issued and checked in; its organizer and door team. */
export const checkInStats = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const event = await requireOrganizer(ctx, ctx.user?._id ?? null, idArg(ctx, "events", eventId), "tickets:checkInStats");
    return checkInStatsOf(event);
  },
});

/**
 * `Cancelar apoio` on a support's ticket (an event without ticket types): while the event is
 * collecting, within 7 days of supporting and 48 h of the event; the ticket is cancelled and the
 * amount goes back to the wallet at once.
 */
export const cancelSupport = signedInMutation({
  args: { ticketId: v.string() },
  handler: async (ctx, { ticketId }) => {
    await enforceRateLimit(ctx, "support", ctx.user._id);
    return cancelSupportOf(ctx, ctx.user._id, idArg(ctx, "tickets", ticketId), Date.now());
  },
});
