/**
 * `Cancelar apoio`: a support that gave a ticket (an event without ticket types) cancelled by
 * its supporter, with the same windows as a purchase (7 days from supporting, 48 h before the
 * event) and only while the event is still collecting: once it reached its goal the supports
 * made it happen. In one transaction the ticket is cancelled, the contribution leaves the ledger
 * (`Arrecadado` goes down) and the amount goes back to the wallet, promotional as promotional,
 * with its `Estorno do apoio – <evento>` line.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { BUYER_RIGHTS_MESSAGES, cancelWindowRefusal } from "../../model/shared/buyerRights";
import { appError } from "../../model/shared/errors";
import { supportClosedReason } from "../../model/shared/lifecycle";
import { TRANSFER_MESSAGES } from "../../model/shared/ticketTransfer";
import { removeContribution } from "../tickets/purchaseCancel";
import { changeWallet } from "../wallet/ledger";
import { countOnEvent } from "../events/writer";
import { emailRefund } from "../email/triggers";

/** Cancels the support that gave the caller's ticket `ticketId`; throws the Portuguese reason (and changes nothing) when it cannot be. */
export async function cancelSupport(
  ctx: MutationCtx,
  userId: Id<"users">,
  ticketId: Id<"tickets"> | null,
  now: number,
): Promise<{ refundedCents: number }> {
  const ticket = ticketId === null ? null : await ctx.db.get("tickets", ticketId);
  if (ticket === null || ticket.userId !== userId || ticket.contributionId === undefined)
    throw appError("SUPPORT_NOT_FOUND", BUYER_RIGHTS_MESSAGES.supportNotFound);
  if (ticket.status === "cancelled") throw appError("SUPPORT_CANCELLED", BUYER_RIGHTS_MESSAGES.supportAlreadyCancelled);
  if (ticket.status === "used") throw appError("TICKET_USED", BUYER_RIGHTS_MESSAGES.supportTicketUsed);
  // The ticket is someone else's now: cancelling would take it from them.
  if (ticket.status === "transferred") throw appError("TICKET_TRANSFERRED", TRANSFER_MESSAGES.supportHasTransferred);
  const contribution = await ctx.db.get("contributions", ticket.contributionId);
  const event = await ctx.db.get("events", ticket.eventId);
  if (contribution === null || event === null) throw appError("SUPPORT_NOT_FOUND", BUYER_RIGHTS_MESSAGES.supportNotFound);
  if (supportClosedReason(event, now) !== null) throw appError("NOT_COLLECTING", BUYER_RIGHTS_MESSAGES.supportNotCollecting);
  const outside = cancelWindowRefusal(contribution._creationTime, event.startsAt, now);
  if (outside !== null) throw appError("CANCEL_WINDOW_CLOSED", outside);

  await ctx.db.patch("tickets", ticket._id, { status: "cancelled" });
  await countOnEvent(ctx, event._id, { ticketsCancelled: 1 });
  await removeContribution(ctx, event, contribution, now);
  await changeWallet(ctx, userId, { kind: "supportCancelled", amountCents: contribution.amountCents, eventId: event._id });
  await emailRefund(ctx, event, userId, "support", contribution.amountCents, contribution._id);
  return { refundedCents: contribution.amountCents };
}
