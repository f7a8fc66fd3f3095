/**
 * The door that keeps working offline, on the server: a door opens a session (its name, the time
 * its download starts), downloads what it needs to decide (each valid code's fingerprint, type
 * and holder's name), and later sends what it let in (model/door/sync.ts decides those).
 */
import type { PaginationOptions } from "convex/server";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { countEntry, placeOfUsed } from "./figures";
import { paginateOrRefuse } from "../core/pagination";
import { DOOR_MESSAGES, doorCodeHash, normalizeDoorName } from "../../model/shared/door";
import { appError } from "../../model/shared/errors";
import { TEAM_MESSAGES } from "../../model/shared/team";
import { MESSAGES } from "../../model/shared/texts";
import { ticketKindLabel } from "../../model/shared/ticketTypes";
import { countCheckIn } from "../tickets/ticketTypes";
import { ticketByRawCode } from "./checkIn";
import { doorNameOf } from "../users/accounts";
import { countOnEvent } from "../events/writer";

/** The refusal of every door function to someone without a door role on the event. */
export const notAtTheDoor = () => appError("NOT_AT_THE_DOOR", TEAM_MESSAGES.notAtTheDoor);

/** How many refused batches the organizer sees, newest first. */
const REFUSALS_SHOWN = 50;
/** How many entries to review a door sees, oldest first. */
const REVIEW_SHOWN = 100;

/** Opens a door: its name and the server time its download starts (entries before it are refused). */
export async function openDoor(ctx: MutationCtx, event: Doc<"events">, userId: Id<"users">, rawName: string, now: number) {
  const doorName = normalizeDoorName(rawName);
  if (doorName === null) throw appError("INVALID_DOOR", DOOR_MESSAGES.invalidDoorName);
  const sessionId = await ctx.db.insert("doorSessions", { eventId: event._id, userId, doorName, openedAt: now });
  return { sessionId, doorName, openedAt: now };
}

/** The caller's own open door, or the refusal: a session is its opener's alone. */
export async function sessionOf(ctx: QueryCtx, userId: Id<"users">, sessionId: Id<"doorSessions"> | null): Promise<Doc<"doorSessions">> {
  const session = sessionId === null ? null : await ctx.db.get("doorSessions", sessionId);
  if (session === null || session.userId !== userId) throw appError("DOOR_SESSION_NOT_FOUND", DOOR_MESSAGES.sessionNotFound);
  return session;
}

/** The ticket's type as the door shows it: `Pista · Meia-entrada (estudante)`, or null for a support's ticket. */
export function doorKindOf(ticket: Doc<"tickets">): string | null {
  return ticket.typeName === undefined ? null : `${ticket.typeName} · ${ticketKindLabel(ticket.meiaCategory)}`;
}

/**
 * A page of the event's tickets as the door needs them: the code's fingerprint (never the code),
 * the holder's name, the type and, for a used ticket, when and where it entered. Cancelled and
 * transferred codes are left out: the door does not know them, as it does not know made-up ones.
 */
export async function doorCodesPage(ctx: QueryCtx, event: Doc<"events">, opts: PaginationOptions) {
  const page = await paginateOrRefuse(
    ctx.db.query("tickets").withIndex("by_eventId", (q) => q.eq("eventId", event._id)),
    opts,
  );
  const valid = page.page.filter((ticket) => ticket.status === undefined || ticket.status === "valid" || ticket.status === "used");
  const rows = await Promise.all(
    valid.map(async (ticket) => {
      const holder = await ctx.db.get("users", ticket.userId);
      return {
        hash: await doorCodeHash(event._id, ticket.code),
        name: holder === null ? "Usuário" : doorNameOf(holder),
        kind: doorKindOf(ticket),
        usedAt: ticket.status === "used" ? (ticket.usedAt ?? null) : null,
        usedDoor: ticket.status === "used" ? placeOfUsed(ticket).door : null,
      };
    }),
  );
  return { ...page, page: rows };
}

/** `Desfazer check-in`: the ticket with `rawCode` may enter again; every count it was in goes back. */
export async function undoCheckIn(ctx: MutationCtx, event: Doc<"events">, rawCode: string): Promise<{ holderName: string }> {
  const ticket = await ticketByRawCode(ctx, rawCode);
  if (ticket === null || ticket.eventId !== event._id) throw appError("TICKET_NOT_FOUND", MESSAGES.ticketNotFound);
  if (ticket.status !== "used") throw appError("TICKET_NOT_USED", DOOR_MESSAGES.notUsed);
  await countEntry(ctx, event._id, placeOfUsed(ticket), -1);
  await ctx.db.patch("tickets", ticket._id, { status: "valid", usedAt: undefined, usedDoor: undefined });
  await countOnEvent(ctx, event._id, { ticketsUsed: -1 });
  await countCheckIn(ctx, ticket, -1);
  const accepted = await ctx.db
    .query("doorScans")
    .withIndex("by_ticketId_and_outcome", (q) => q.eq("ticketId", ticket._id).eq("outcome", "accepted"))
    .first();
  if (accepted !== null) await ctx.db.patch("doorScans", accepted._id, { outcome: "undone" });
  const holder = await ctx.db.get("users", ticket.userId);
  return { holderName: holder === null ? "Usuário" : doorNameOf(holder) };
}

/** What a door must review: its entries refused or found to be a ticket's second entry, oldest first, live. */
export async function doorReviewOf(ctx: QueryCtx, session: Doc<"doorSessions">) {
  const rows = await ctx.db
    .query("doorScans")
    .withIndex("by_sessionId_and_needsReview_and_scannedAt", (q) => q.eq("sessionId", session._id).eq("needsReview", true))
    .take(REVIEW_SHOWN);
  return rows.map(({ _id, holderName, typeLabel, scannedAt, outcome, firstDoor, firstAt }) => ({
    _id,
    holderName,
    typeLabel,
    scannedAt,
    outcome,
    firstDoor: firstDoor ?? null,
    firstAt: firstAt ?? null,
  }));
}

/** The batches refused whole, newest first, for the organizer (and `Gerente`). */
export async function doorRefusalsOf(ctx: QueryCtx, event: Doc<"events">) {
  const rows = await ctx.db
    .query("doorRefusals")
    .withIndex("by_eventId_and_at", (q) => q.eq("eventId", event._id))
    .order("desc")
    .take(REFUSALS_SHOWN);
  return Promise.all(
    rows.map(async ({ _id, userId, doorName, reason, entries, at }) => {
      const who = await ctx.db.get("users", userId);
      return { _id, who: who === null ? "Usuário" : doorNameOf(who), doorName, reason, entries, at };
    }),
  );
}
