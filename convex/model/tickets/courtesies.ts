/**
 * `Cortesias` on the server (the rules and texts are in shared/courtesies.ts). The organizer (or a
 * `Gerente`) gives tickets of a type to e-mails; each is one inteira unit of the type, counted in
 * its `ticketSales` (`inteiraSold` and `courtesies`) in the issue's transaction. The event's queue
 * reads and writes the same document when it decides purchases, so Convex orders the two and a
 * type never gives more than its quantity, whatever sells at the same time.
 *
 * No money moves: the ticket's price is 0 and it carries no fee, purchase or support, so the
 * books and the payout never see it. It is a ticket like any other otherwise: Meus Ingressos (as
 * `Cortesia`), the door, the attendee CSV, `Transferir ingresso`, cancelled with its event.
 */
import type { PaginationOptions } from "convex/server";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { emailCourtesy } from "./courtesyEmail";
import { notify } from "../notifications/inbox";
import { paginateOrRefuse } from "../core/pagination";
import { isPlainEmailText } from "../../model/shared/cleanText";
import { COURTESY_MESSAGES, courtesyLimitOf, MAX_COURTESY_EMAILS } from "../../model/shared/courtesies";
import { appError } from "../../model/shared/errors";
import { supportClosedMessage } from "../../model/shared/lifecycle";
import { isWithinRawLimit } from "../../model/shared/limits";
import { isTransferEmail, MAX_TRANSFER_EMAIL_LENGTH, normalizeTransferEmail } from "../../model/shared/ticketTransfer";
import { inteiraGoneForGood } from "../../model/shared/ticketTypes";
import { requireEventRole } from "../team/members";
import { purchaseClosedReason } from "./allocation";
import { issueTicket, ticketsVoided } from "./issue";
import { salesOf } from "./sales";
import { typesOf } from "./ticketTypes";
import { sayIfSoldOut } from "../waitingRoom/outflow";
import { listedNameOf } from "../users/accounts";
import { countOnEvent, writeEvent } from "../events/writer";

/** More cortesias than anyone is given before signing in; any beyond wait for the next sign-in. */
const MAX_CLAIMS_PER_SIGN_IN = 100;

const refusal = (message: string) => appError("INVALID_COURTESY", message);

/** The e-mails typed, each checked like a transfer's, lower case, without repeats; throws the first bad one. */
export function courtesyEmailsOf(raw: string[]): string[] {
  if (raw.length === 0 || raw.length > MAX_COURTESY_EMAILS) throw refusal(COURTESY_MESSAGES.invalidEmails);
  const emails = new Set<string>();
  for (const typed of raw) {
    if (!isWithinRawLimit(typed, MAX_TRANSFER_EMAIL_LENGTH)) throw refusal(COURTESY_MESSAGES.invalidEmail(typed.slice(0, 60)));
    const email = normalizeTransferEmail(typed);
    if (!isTransferEmail(email) || !isPlainEmailText(email)) throw refusal(COURTESY_MESSAGES.invalidEmail(email));
    emails.add(email);
  }
  return [...emails];
}

/** The event's tickets (all types), cortesias given and its limit: what the screen shows and an issue checks. */
export async function courtesyStandingOf(ctx: QueryCtx, event: Doc<"events">) {
  const types = await typesOf(ctx, event._id);
  let capacity = 0;
  let issued = 0;
  for (const type of types) {
    capacity += type.quantity;
    issued += (await salesOf(ctx, type._id))?.courtesies ?? 0;
  }
  const limit = courtesyLimitOf(capacity, event.courtesyLimit);
  return { capacity, issued, limit, raised: event.courtesyLimit !== undefined, types };
}

/** Counts `units` cortesias in the type's sales, and tells later buyers when inteira is gone. */
async function takeUnits(ctx: MutationCtx, type: Doc<"ticketTypes">, units: number): Promise<void> {
  const sales = await salesOf(ctx, type._id);
  if (sales === null) throw new Error(`ticket type ${type._id} has no sales row`);
  const left = type.quantity - type.meiaQuantity - sales.inteiraSold;
  if (units > left) throw refusal(COURTESY_MESSAGES.notEnough(Math.max(0, left)));
  const counts = { inteiraSold: sales.inteiraSold + units, meiaSold: sales.meiaSold, loteSold: sales.loteSold };
  await ctx.db.patch("ticketSales", sales._id, { inteiraSold: counts.inteiraSold, courtesies: (sales.courtesies ?? 0) + units });
  // Given away like a sale: the type's quantity and lotes freeze, and buyers are told before paying.
  const flags = {
    ...(type.purchased === true ? {} : { purchased: true as const }),
    ...(inteiraGoneForGood(type, counts) && type.inteiraSoldOut !== true ? { inteiraSoldOut: true as const } : {}),
  };
  if (Object.keys(flags).length > 0) await ctx.db.patch("ticketTypes", type._id, flags);
  if (flags.inteiraSoldOut === true) await sayIfSoldOut(ctx, type.eventId);
}

/** Issues the cortesia's ticket to `userId`, links it to its row and tells them (e-mail and bell). */
async function deliver(ctx: MutationCtx, event: Doc<"events">, row: Doc<"courtesies">, typeName: string, userId: Id<"users">) {
  const code = await issueTicket(ctx, event, userId, { typeId: row.typeId, typeName, priceCents: 0, courtesy: true });
  const ticket = await ctx.db
    .query("tickets")
    .withIndex("by_code", (q) => q.eq("code", code))
    .unique();
  await ctx.db.patch("courtesies", row._id, { ticketId: ticket!._id });
  await countOnEvent(ctx, event._id, { ticketsGenerated: 1 });
  await emailCourtesy(ctx, event, { email: row.email, userId }, typeName, { code, typeName });
  // A cortesia is always inteira, so the bell says what a transfer's receiver is told.
  await notify(ctx, userId, event, { kind: "ticketReceived" });
}

/**
 * Gives one cortesia of `typeId` to each e-mail; throws the Portuguese reason, with nothing
 * issued, when the caller may not, the event is over, the type has not enough left or the
 * event's limit would be passed. Returns how many were issued and how many wait for an account.
 */
export async function issueCourtesies(
  ctx: MutationCtx,
  userId: Id<"users">,
  eventId: Id<"events"> | null,
  typeId: Id<"ticketTypes"> | null,
  rawEmails: string[],
  now: number,
): Promise<{ issued: number; awaiting: number }> {
  const { event } = await requireEventRole(ctx, "courtesies:issue", userId, eventId, () =>
    appError("NOT_THE_ORGANIZER", COURTESY_MESSAGES.notTheOrganizer),
  );
  const closed = purchaseClosedReason(event, now);
  if (closed !== null || ticketsVoided(event)) throw appError("EVENT_OVER", supportClosedMessage(closed ?? "cancelled"));
  if (event.hasTicketTypes !== true) throw refusal(COURTESY_MESSAGES.noTicketTypes);
  const type = typeId === null ? null : await ctx.db.get("ticketTypes", typeId);
  if (type === null || type.eventId !== event._id) throw refusal(COURTESY_MESSAGES.typeNotFound);
  const emails = courtesyEmailsOf(rawEmails);
  const standing = await courtesyStandingOf(ctx, event);
  if (standing.issued + emails.length > standing.limit) throw refusal(COURTESY_MESSAGES.overLimit(standing.limit, standing.issued));
  await takeUnits(ctx, type, emails.length);
  let awaiting = 0;
  for (const email of emails) {
    const rowId = await ctx.db.insert("courtesies", { eventId: event._id, typeId: type._id, email });
    const receiver = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email))
      .first();
    if (receiver !== null) {
      await deliver(ctx, event, (await ctx.db.get("courtesies", rowId))!, type.name, receiver._id);
      continue;
    }
    awaiting += 1;
    await emailCourtesy(ctx, event, { email, userId: null }, type.name, null);
  }
  return { issued: emails.length, awaiting };
}

/**
 * At sign-in: cortesias given to the user's e-mail before it had an account become their
 * tickets. One whose event was cancelled meanwhile stays undelivered (its tickets are void).
 */
export async function claimCourtesies(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const user = await ctx.db.get("users", userId);
  if (user === null || user.email === undefined) return;
  const email = normalizeTransferEmail(user.email);
  const waiting = await ctx.db
    .query("courtesies")
    .withIndex("by_email_and_ticketId", (q) => q.eq("email", email).eq("ticketId", undefined))
    .take(MAX_CLAIMS_PER_SIGN_IN);
  for (const row of waiting) {
    const event = await ctx.db.get("events", row.eventId);
    const type = await ctx.db.get("ticketTypes", row.typeId);
    if (event === null || type === null || ticketsVoided(event)) continue;
    await deliver(ctx, event, row, type.name, userId);
  }
}

/** The organizer raises (or lowers, not below what was given) the event's limit; up to all its tickets. */
export async function setCourtesyLimit(ctx: MutationCtx, userId: Id<"users">, eventId: Id<"events"> | null, limit: number) {
  const { event } = await requireEventRole(ctx, "courtesies:setLimit", userId, eventId, () =>
    appError("NOT_THE_CREATOR", COURTESY_MESSAGES.notTheCreator),
  );
  if (event.hasTicketTypes !== true) throw refusal(COURTESY_MESSAGES.noTicketTypes);
  const { capacity, issued } = await courtesyStandingOf(ctx, event);
  if (!Number.isSafeInteger(limit) || limit < 0 || limit > capacity) throw refusal(COURTESY_MESSAGES.invalidLimit(capacity));
  if (limit < issued) throw refusal(COURTESY_MESSAGES.belowIssued(issued));
  await writeEvent(ctx, event._id, { courtesyLimit: limit });
}

/** A page of the event's cortesias for its organizer, oldest first: to whom, which type, delivered or waiting. */
export async function courtesyPageOf(ctx: QueryCtx, event: Doc<"events">, opts: PaginationOptions) {
  const result = await paginateOrRefuse(
    ctx.db.query("courtesies").withIndex("by_eventId", (q) => q.eq("eventId", event._id)),
    opts,
  );
  const typeNames = new Map((await typesOf(ctx, event._id)).map((type) => [type._id, type.name]));
  const page = await Promise.all(
    result.page.map(async (row) => {
      const ticket = row.ticketId === undefined ? null : await ctx.db.get("tickets", row.ticketId);
      const holder = ticket === null ? null : await ctx.db.get("users", ticket.userId);
      return {
        _id: row._id,
        email: row.email,
        typeName: typeNames.get(row.typeId) ?? "",
        issuedAt: row._creationTime,
        holderName: holder === null ? null : listedNameOf(holder),
        delivered: ticket !== null,
      };
    }),
  );
  return { ...result, page };
}
