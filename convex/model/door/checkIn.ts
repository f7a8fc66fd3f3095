import { ConvexError } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";
import { TRANSFER_MESSAGES } from "../../model/shared/ticketTransfer";
import { MEIA_CHECK_IN_NOTE, ticketKindLabel } from "../../model/shared/ticketTypes";
import { requireEventRole } from "../team/members";
import { countCheckIn } from "../tickets/ticketTypes";
import { TICKET_CODE_LENGTH, ticketsAtTheDoor } from "../tickets/issue";
import { doorNameOf } from "../users/accounts";
import { countEntry, doorTypeOf } from "./figures";
import { DEFAULT_DOOR_NAME } from "../../model/shared/door";
import { countOnEvent } from "../events/writer";

/**
 * The time zone of the refusal text `Ingresso já utilizado às HH:mm.`: the server does not know
 * the viewer's, and Apoie's events are in Brazil. The error also carries `usedAt`, so a client
 * may show the time in its own zone instead.
 */
const DOOR_TIME_ZONE = "America/Sao_Paulo";

const doorTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: DOOR_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "HH:mm" of a moment, in the door's time zone. */
export function formatDoorTime(at: number): string {
  return doorTime.format(at);
}

/** A typed or scanned code as stored: spaces dropped, upper case. Null when it cannot be one. */
export function normalizeTicketCode(raw: string): string | null {
  // Bounded before any work: a code is 9 characters, a few spaces around them are fine.
  if (raw.length > TICKET_CODE_LENGTH * 4) return null;
  const code = raw.replace(/\s+/g, "").toUpperCase();
  return code.length === TICKET_CODE_LENGTH ? code : null;
}

/** The ticket a typed or scanned code names (normalized first), or null for no such ticket. */
export async function ticketByRawCode(ctx: QueryCtx, rawCode: string): Promise<Doc<"tickets"> | null> {
  const code = normalizeTicketCode(rawCode);
  if (code === null) return null;
  return ctx.db
    .query("tickets")
    .withIndex("by_code", (q) => q.eq("code", code))
    .unique();
}

/**
 * The event when the caller organizes it or has a team role `fn` takes (shared/functionAccess.ts).
 * Signed out, another user, or an event that does not exist all get the same refusal: nobody
 * learns more than "not yours".
 */
export async function requireOrganizer(
  ctx: QueryCtx,
  userId: Id<"users"> | null,
  eventId: Id<"events"> | null,
  fn: "tickets:checkIn" | "tickets:checkInStats" | "attendees:summary" | "attendees:page",
): Promise<Doc<"events">> {
  const { event } = await requireEventRole(ctx, fn, userId, eventId, () => appError("NOT_THE_ORGANIZER", MESSAGES.notTheOrganizer));
  return event;
}

/** The refusal for a ticket already used, with `usedAt` for clients that format it locally. */
function alreadyUsed(usedAt: number) {
  return new ConvexError({
    code: "TICKET_ALREADY_USED" as const,
    message: MESSAGES.ticketAlreadyUsed(formatDoorTime(usedAt)),
    usedAt,
  });
}

/** A ticket let in: its holder, its code and, for a ticket type, what the door must see (`Meia-entrada: conferir documento`). */
export type CheckedIn = { holderName: string; code: string; kind: string | null; note: string | null };

/**
 * Marks the event's ticket with `rawCode` used at `door` and counts it on the event and the door figures; returns the holder's
 * name. Refuses a code of another event, a used ticket (with its time), a cancelled one and the
 * old code of a transferred one.
 */
export async function checkInTicket(
  ctx: MutationCtx,
  event: Doc<"events">,
  rawCode: string,
  now: number,
  door = DEFAULT_DOOR_NAME,
): Promise<CheckedIn> {
  const ticket = await ticketByRawCode(ctx, rawCode);
  if (ticket === null || ticket.eventId !== event._id) {
    throw appError("TICKET_NOT_FOUND", MESSAGES.ticketNotFound);
  }
  if (ticket.status === "cancelled") throw appError("TICKET_CANCELLED", MESSAGES.ticketCancelled);
  // The code a ticket had before it changed holder: the receiver's ticket has its own.
  if (ticket.status === "transferred") throw appError("TICKET_TRANSFERRED", TRANSFER_MESSAGES.atTheDoor);
  if (ticket.status === "used") throw alreadyUsed(ticket.usedAt ?? now);
  await ctx.db.patch("tickets", ticket._id, { status: "used", usedAt: now, usedDoor: door });
  await countOnEvent(ctx, event._id, { ticketsUsed: 1 });
  await countCheckIn(ctx, ticket);
  await countEntry(ctx, event._id, { door, at: now, type: doorTypeOf(ticket) }, 1);
  const holder = await ctx.db.get("users", ticket.userId);
  return {
    // Never the e-mail: door staff see a ticket's name, type and status only.
    holderName: holder === null ? "Usuário" : doorNameOf(holder),
    code: ticket.code,
    kind: ticket.typeName === undefined ? null : `${ticket.typeName} · ${ticketKindLabel(ticket.meiaCategory)}`,
    note: ticket.meiaCategory === undefined ? null : MEIA_CHECK_IN_NOTE,
  };
}

/** Tickets that can come in and those checked in, from the event's own counters (one read, however many). */
export function checkInStatsOf(event: Doc<"events">): { issued: number; used: number } {
  return { issued: ticketsAtTheDoor(event), used: event.ticketsUsed ?? 0 };
}
