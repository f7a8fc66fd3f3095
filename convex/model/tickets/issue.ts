import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";

export const TICKET_CODE_LENGTH = 9;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const TICKET_CODE_PATTERN = /^[A-Z0-9]{9}$/;

/**
 * A random 9-character code of A–Z and 0–9 from the platform's cryptographic source.
 * Rejection sampling keeps every character equally likely (256 is not a multiple of 36).
 */
export function generateTicketCode(): string {
  const limit = 256 - (256 % ALPHABET.length);
  let code = "";
  while (code.length < TICKET_CODE_LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(TICKET_CODE_LENGTH * 2));
    for (const byte of bytes) {
      if (byte < limit && code.length < TICKET_CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

/**
 * What a ticket bought through a ticket type says beyond the event: its type, lote, price, meia
 * category and purchase (or, for a support's ticket, its contribution; for a transferred one,
 * the ticket it replaced).
 */
export type TicketKind = Pick<
  Doc<"tickets">,
  | "typeId"
  | "typeName"
  | "loteIndex"
  | "priceCents"
  | "meiaCategory"
  | "purchaseId"
  | "contributionId"
  | "transferredFromId"
  | "feeCents"
  | "couponCode"
  | "courtesy"
>;

/** Issues a ticket with a code no other ticket has (36^9 codes make a retry very rare). */
export async function issueTicket(ctx: MutationCtx, event: Doc<"events">, userId: Id<"users">, kind: TicketKind = {}): Promise<string> {
  for (;;) {
    const code = generateTicketCode();
    const taken = await ctx.db
      .query("tickets")
      .withIndex("by_code", (q) => q.eq("code", code))
      .first();
    if (taken !== null) continue;
    await ctx.db.insert("tickets", {
      eventId: event._id,
      userId,
      eventName: event.name,
      code,
      issuedAt: Date.now(),
      ...kind,
    });
    return code;
  }
}

/**
 * Whether all the event's tickets count as cancelled: a refunded or cancelled event. Its tickets
 * are cancelled in batches after its refunds, so readers say so at once.
 */
export function ticketsVoided(event: Pick<Doc<"events">, "settlement">): boolean {
  return event.settlement === "refunded" || event.settlement === "cancelled";
}

/**
 * Whether the ticket holds its seat in the count: a transferred one whose replacement was issued
 * does not (the replacement does), so cancelling both gives back one seat.
 */
export function standsForItsSeat(ticket: Pick<Doc<"tickets">, "transferredToTicketId">): boolean {
  return ticket.transferredToTicketId === undefined;
}

/**
 * Tickets that can come in at the door: every one issued but those cancelled (none once the
 * event's tickets are void). On an event the migration has not counted yet, every one issued.
 */
export function ticketsAtTheDoor(event: Pick<Doc<"events">, "settlement" | "ticketsGenerated" | "ticketsCancelled">): number {
  return ticketsVoided(event) ? 0 : event.ticketsGenerated - (event.ticketsCancelled ?? 0);
}

/** A ticket's status as its holder and the organizer see it: cancelled with its event, else its own. */
export function shownTicketStatus<Status extends string>(status: Status | undefined, event: Pick<Doc<"events">, "settlement"> | null) {
  return event !== null && ticketsVoided(event) ? ("cancelled" as const) : (status ?? ("valid" as const));
}
