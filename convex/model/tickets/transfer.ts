/**
 * `Transferir ingresso` (the rules and texts are in model/shared/ticketTransfer.ts). The given
 * ticket is marked "transferred" and keeps its code, which the door then refuses with
 * `Ingresso transferido.`; the receiver gets a new ticket of the same type, lote and category
 * with a new code. An e-mail without an account holds the ticket until it first signs in
 * (`claimTransfers`, from the sign-in callback).
 *
 * The receiver's ticket carries neither the purchase nor the support that paid for it: the money
 * stays the giver's, and neither of them can cancel it (model/tickets/purchaseCancel.ts and
 * model/supports/cancel.ts refuse a giver whose ticket moved on).
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { isPlainEmailText } from "../../model/shared/cleanText";
import { appError } from "../../model/shared/errors";
import { isWithinRawLimit } from "../../model/shared/limits";
import {
  isTransferEmail,
  MAX_TRANSFER_EMAIL_LENGTH,
  normalizeTransferEmail,
  TRANSFER_MESSAGES,
  transferRefusal,
} from "../../model/shared/ticketTransfer";
import { notify } from "../notifications/inbox";
import { emailTicketReceived } from "../email/triggers";
import { issueTicket, ticketsVoided } from "./issue";

/** More tickets than anyone is sent before signing in for the first time; any beyond wait for the next sign-in. */
const MAX_CLAIMS_PER_SIGN_IN = 100;

/** Gives `receiverId` the ticket that replaces `given`, and tells them. */
async function deliver(ctx: MutationCtx, given: Doc<"tickets">, event: Doc<"events">, receiverId: Id<"users">): Promise<void> {
  const code = await issueTicket(ctx, event, receiverId, {
    typeId: given.typeId,
    typeName: given.typeName,
    loteIndex: given.loteIndex,
    priceCents: given.priceCents,
    meiaCategory: given.meiaCategory,
    // A `Cortesia` stays one in its new holder's hands.
    ...(given.courtesy === true ? { courtesy: true as const } : {}),
    transferredFromId: given._id,
  });
  const received = await ctx.db
    .query("tickets")
    .withIndex("by_code", (q) => q.eq("code", code))
    .unique();
  await ctx.db.patch("tickets", given._id, { transferredToTicketId: received!._id });
  await notify(ctx, receiverId, event, { kind: given.meiaCategory === undefined ? "ticketReceived" : "meiaTicketReceived" });
  await emailTicketReceived(ctx, event, receiverId, { ...given, code }, given.userId);
}

/**
 * Transfers the giver's ticket `ticketId` to `rawEmail`; throws the Portuguese reason (and
 * changes nothing) when it cannot be. `delivered` is false while the e-mail has no account.
 */
export async function transferTicket(
  ctx: MutationCtx,
  giver: Doc<"users">,
  ticketId: Id<"tickets"> | null,
  rawEmail: string,
  now: number,
): Promise<{ transferredTo: string; delivered: boolean }> {
  const ticket = ticketId === null ? null : await ctx.db.get("tickets", ticketId);
  // Someone else's ticket is answered like one that does not exist.
  if (ticket === null || ticket.userId !== giver._id) throw appError("TICKET_NOT_FOUND", TRANSFER_MESSAGES.ticketNotFound);
  const event = await ctx.db.get("events", ticket.eventId);
  if (event === null || ticketsVoided(event)) throw appError("EVENT_OVER", TRANSFER_MESSAGES.eventOver);
  const status = ticket.status ?? "valid";
  const refusal = transferRefusal({ status, received: ticket.transferredFromId !== undefined }, event.startsAt, now);
  if (refusal !== null) throw appError(refusal.code, refusal.message);

  const email = isWithinRawLimit(rawEmail, MAX_TRANSFER_EMAIL_LENGTH) ? normalizeTransferEmail(rawEmail) : "";
  if (!isTransferEmail(email) || !isPlainEmailText(email)) throw appError("INVALID_EMAIL", TRANSFER_MESSAGES.invalidEmail);
  const receiver = await accountByEmail(ctx, email, rawEmail);
  if (receiver?._id === giver._id || normalizeTransferEmail(giver.email ?? "") === email) {
    throw appError("TRANSFER_TO_YOURSELF", TRANSFER_MESSAGES.toYourself);
  }

  await ctx.db.patch("tickets", ticket._id, { status: "transferred", transferredTo: email, transferredAt: now });
  if (receiver !== null) await deliver(ctx, { ...ticket, status: "transferred" }, event, receiver._id);
  return { transferredTo: email, delivered: receiver !== null };
}

/**
 * The account using `email` (normalized), or, for an account kept before e-mails were stored in
 * lower case, the address as typed: such an account gets its ticket now, not at its next sign-in.
 */
async function accountByEmail(ctx: MutationCtx, email: string, rawEmail: string): Promise<Doc<"users"> | null> {
  for (const candidate of new Set([email, rawEmail.trim()])) {
    const user = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", candidate))
      .first();
    if (user !== null) return user;
  }
  return null;
}

/**
 * At sign-in: tickets transferred to the user's e-mail before it had an account become theirs.
 * A ticket whose event was cancelled meanwhile stays cancelled and is not delivered.
 */
export async function claimTransfers(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const user = await ctx.db.get("users", userId);
  if (user === null || user.email === undefined) return;
  const email = normalizeTransferEmail(user.email);
  const waiting = await ctx.db
    .query("tickets")
    .withIndex("by_transferredTo_and_transferredToTicketId", (q) => q.eq("transferredTo", email).eq("transferredToTicketId", undefined))
    .take(MAX_CLAIMS_PER_SIGN_IN);
  for (const ticket of waiting) {
    // Cancelled with its event before it was claimed: nothing to deliver.
    if (ticket.status !== "transferred") continue;
    const event = await ctx.db.get("events", ticket.eventId);
    if (event === null || ticketsVoided(event)) continue;
    await deliver(ctx, ticket, event, userId);
  }
}
