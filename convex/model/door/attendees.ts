/**
 * The organizer's attendee list: per ticket type and lote (and its `Cortesias`), sold / meia / checked in (from each
 * type's counts, one read per type), and the tickets themselves page by page for
 * `Baixar lista (CSV)` (model/shared/attendeeCsv.ts writes the file in the browser).
 */
import type { PaginationOptions } from "convex/server";
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { paginateOrRefuse } from "../core/pagination";
import type { AttendeeRow } from "../../model/shared/attendeeCsv";
import { loteLabel } from "../../model/shared/ticketTypes";
import { salesOf } from "../tickets/sales";
import { shownTicketStatus, ticketsVoided } from "../tickets/issue";
import { typesOf } from "../tickets/ticketTypes";
import { listedNameOf } from "../users/accounts";

export type LoteCounts = { label: string; priceCents: number; sold: number; meia: number; checkedIn: number };

/** Each type of the event with its lotes' counts and its totals. */
export async function attendeeSummaryOf(ctx: QueryCtx, event: Doc<"events">) {
  const types = await typesOf(ctx, event._id);
  return Promise.all(
    types.map(async (type) => {
      const sales = await salesOf(ctx, type._id);
      const lotes: LoteCounts[] = type.lotes.map((lote, index) => ({
        label: loteLabel(index),
        priceCents: lote.priceCents,
        sold: sales?.loteSold[index] ?? 0,
        meia: sales?.loteMeia[index] ?? 0,
        checkedIn: sales?.loteUsed[index] ?? 0,
      }));
      // `Cortesias` have no lote: a row of their own, so the totals count every ticket of the type.
      const courtesies = sales?.courtesies ?? 0;
      if (courtesies > 0)
        lotes.push({ label: "Cortesias", priceCents: 0, sold: courtesies, meia: 0, checkedIn: sales?.courtesiesUsed ?? 0 });
      const total = (key: "sold" | "meia" | "checkedIn") => lotes.reduce((sum, lote) => sum + lote[key], 0);
      return {
        typeId: type._id,
        name: type.name,
        quantity: type.quantity,
        lotes,
        sold: total("sold"),
        meia: total("meia"),
        checkedIn: total("checkedIn"),
      };
    }),
  );
}

/**
 * A page of the event's tickets as the list's rows, oldest first. A refunded or cancelled
 * event's tickets are cancelled in batches after its refunds: they read `cancelled` at once.
 * The list names who holds each ticket now: a ticket given away is left out once its receiver
 * holds their own (a row of its own), and until then reads as waiting for the receiver's e-mail.
 */
export async function attendeePageOf(ctx: QueryCtx, event: Doc<"events">, page: PaginationOptions) {
  const result = await paginateOrRefuse(
    ctx.db.query("tickets").withIndex("by_eventId", (q) => q.eq("eventId", event._id)),
    page,
  );
  const eventCancelled = ticketsVoided(event);
  const current = result.page.filter((ticket) => ticket.status !== "transferred" || ticket.transferredToTicketId === undefined);
  const rows: AttendeeRow[] = await Promise.all(
    current.map(async (ticket) => {
      if (ticket.status === "transferred") return awaitingReceiver(ticket, eventCancelled);
      const holder = await ctx.db.get("users", ticket.userId);
      return {
        name: listedNameOf(holder),
        email: holder?.email ?? "",
        ...whatWasBought(ticket),
        code: ticket.code,
        issuedAt: ticket.issuedAt,
        usedAt: ticket.usedAt ?? null,
        status: shownTicketStatus(ticket.status, event),
      };
    }),
  );
  return { ...result, page: rows };
}

/** The row's type, lote, meia category and price (none for a support's ticket). */
function whatWasBought(ticket: Doc<"tickets">) {
  return {
    typeName: ticket.typeName ?? null,
    loteIndex: ticket.loteIndex ?? null,
    meiaCategory: ticket.meiaCategory ?? null,
    priceCents: ticket.priceCents ?? null,
    feeCents: ticket.feeCents ?? null,
    couponCode: ticket.couponCode ?? null,
    ...(ticket.courtesy === true ? { courtesy: true } : {}),
  };
}

/** A ticket transferred to an e-mail without an account yet: its receiver, and no code until they sign in. */
function awaitingReceiver(ticket: Doc<"tickets">, eventCancelled: boolean): AttendeeRow {
  return {
    name: "",
    email: ticket.transferredTo ?? "",
    ...whatWasBought(ticket),
    code: "",
    issuedAt: ticket.issuedAt,
    usedAt: null,
    status: eventCancelled ? "cancelled" : "awaitingReceiver",
  };
}
