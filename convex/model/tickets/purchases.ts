/**
 * Buying tickets of an event's ticket types: checked and paid at once, then decided in order by
 * the event's support queue, like a support (model/tickets/allocation.ts decides; capacity holds
 * however many buy at once). A buyer reads only documents no other buyer writes: the type's
 * definition is written once when first bought and once per option sold out; its counts are
 * the queue's.
 *
 * Unlike a support, a purchase stays open once the goal is reached (the show is confirmed: its
 * tickets keep selling), until the event starts or is cancelled. Its money counts toward the
 * goal and is refunded with the supports if the event ends without it ("tudo ou nada").
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { supportClosedMessage } from "../../model/shared/lifecycle";
import { MESSAGES } from "../../model/shared/texts";
import { availabilityOf, isMeiaCategory, MAX_UNITS_PER_PURCHASE, NO_SALES, TICKET_MESSAGES } from "../../model/shared/ticketTypes";
import { checkPerPersonLimit } from "./perPersonLimit";
import { gateClosedReason, gateForSupport, type SupportGate } from "../supports/gates";
import { queueRow } from "../supports/queue";
import { walletCentsOf } from "../users/accounts";
import { heldForBuyer } from "../waitingList/list";
import { buyerFeeOf, purchaseFee, type ServiceFee } from "../books/fees";
import { purchaseUnitPrice, takeCouponUse } from "./coupons";
import { takeSaleTurn } from "../waitingRoom/entries";

export type PurchaseRequest = {
  typeId: Id<"ticketTypes"> | null;
  /** The lote the buyer saw on sale. */
  loteIndex: number;
  /** The unit price the buyer saw (inteira or meia as chosen): the only price they agree to pay. */
  unitPriceCents: number;
  units: number;
  meia: boolean;
  /** For meia-entrada, the category the buyer declares (a raw string until checked); ignored for inteira. */
  meiaCategory?: string;
  /** Buying units the waiting list held for the buyer (model/waitingList/list.ts): exactly those. */
  holdId?: Id<"waitingListEntries"> | null;
  /** The service fee the buyer saw on top of the price (model/books/fees.ts); absent = none shown. */
  feeCents?: number;
  /** The `Cupom` the buyer typed (model/tickets/coupons.ts); `unitPriceCents` is then the price with it. */
  couponCode?: string;
};

/**
 * Checks a purchase before anything is paid, in this order: units (1..4), meia category, the type
 * (of this event), purchases open, the lote (one of the type's, on sale by date; by quantity the
 * queue decides), what the type has left as far as the buyer can tell (its sold-out flags), the
 * price the buyer saw against the lote's (an organizer may change it until the first sale), the
 * event's `Máximo por pessoa`, the wallet.
 * A purchase of a waiting-list hold skips the sold-out flags (its units are set aside for the
 * buyer) and must be the buyer's live hold exactly; the hold is marked bought with it.
 * Then writes the pending purchase and marks the type bought (its quantity and lotes freeze).
 * Returns the purchase and its price, for the queue to debit and decide.
 */
async function takePurchase(
  ctx: MutationCtx,
  user: Doc<"users">,
  event: SupportGate,
  request: PurchaseRequest,
  now: number,
): Promise<{ purchaseId: Id<"ticketPurchases">; amountCents: number; fee: ServiceFee }> {
  const { units, loteIndex } = request;
  if (!Number.isSafeInteger(units) || units < 1 || units > MAX_UNITS_PER_PURCHASE)
    throw appError("INVALID_PURCHASE", TICKET_MESSAGES.invalidUnits);
  const { meia } = request;
  const declared = meia ? (request.meiaCategory ?? "") : "";
  if (meia && !isMeiaCategory(declared)) throw appError("INVALID_PURCHASE", TICKET_MESSAGES.meiaWithoutCategory);
  const meiaCategory = isMeiaCategory(declared) ? declared : undefined;
  const type = request.typeId === null ? null : await ctx.db.get("ticketTypes", request.typeId);
  if (type === null || type.eventId !== event.eventId) throw appError("INVALID_PURCHASE", TICKET_MESSAGES.typeNotFound);
  const gateReason = gateClosedReason(event, now);
  const closed = gateReason === "concluded" ? null : gateReason;
  if (closed !== null) throw appError(closed === "cancelled" ? "EVENT_CANCELLED" : "EVENT_STARTED", supportClosedMessage(closed));

  const fromHold =
    request.holdId === undefined
      ? null
      : await heldForBuyer(ctx, user._id, request.holdId, { typeId: type._id, units, meia, loteIndex }, now);
  if (fromHold === null) {
    // The flags are all a buyer reads of what sold: the counts are the queue's to write.
    const gone = {
      inteira: type.inteiraSoldOut === true || type.quantity === type.meiaQuantity,
      meia: type.meiaSoldOut === true || type.meiaQuantity === 0,
    };
    if (gone.inteira && gone.meia) throw appError("SOLD_OUT", TICKET_MESSAGES.soldOut);
    if (meia ? gone.meia : gone.inteira) throw appError("SOLD_OUT", meia ? TICKET_MESSAGES.meiaSoldOut : TICKET_MESSAGES.inteiraSoldOut);
  }
  const onSale = availabilityOf(type, NO_SALES, now);
  const lote = Number.isSafeInteger(loteIndex) && loteIndex >= 0 ? type.lotes[loteIndex] : undefined;
  if (lote === undefined || (lote.endsAt !== undefined && now >= lote.endsAt))
    throw appError("INVALID_PURCHASE", onSale.state === "ended" ? TICKET_MESSAGES.salesEnded : TICKET_MESSAGES.loteChanged);
  const { coupon, priceCents } = await purchaseUnitPrice(ctx, type, lote, meia, request.couponCode, now);
  if (request.unitPriceCents !== priceCents) throw appError("PRICE_CHANGED", TICKET_MESSAGES.priceChanged);
  // The fee too: the buyer pays the one they saw, or is told it changed (the rates or the event's choice did).
  const fee = purchaseFee(priceCents, units, event.feePassedOn === true);
  if (buyerFeeOf(fee) !== (request.feeCents ?? 0)) throw appError("PRICE_CHANGED", TICKET_MESSAGES.priceChanged);
  await checkPerPersonLimit(ctx, type, user._id, units, fromHold?._id);

  const amountCents = units * priceCents;
  const walletCents = walletCentsOf(user);
  const payCents = amountCents + buyerFeeOf(fee);
  if (payCents > 0 && walletCents <= 0) throw appError("NO_BALANCE", MESSAGES.noBalance, MESSAGES.noBalanceTitle);
  if (payCents > walletCents) throw appError("INSUFFICIENT_FUNDS", MESSAGES.insufficientFunds);

  if (coupon !== null) await takeCouponUse(ctx, coupon);
  if (type.purchased !== true) await ctx.db.patch("ticketTypes", type._id, { purchased: true });
  if (fromHold !== null) await ctx.db.patch("waitingListEntries", fromHold._id, { status: "bought" });
  const purchaseId = await ctx.db.insert("ticketPurchases", {
    eventId: event.eventId,
    userId: user._id,
    typeId: type._id,
    loteIndex,
    units,
    ...(meiaCategory === undefined ? {} : { meiaCategory }),
    amountCents,
    status: "pending",
    ...(fromHold === null ? {} : { holdId: fromHold._id }),
    ...fee,
    ...(coupon === null ? {} : { couponId: coupon._id }),
  });
  return { purchaseId, amountCents, fee };
}

/** What the buyer is shown of their purchase, live: waiting, its tickets, or refunded with the reason. Null if not theirs. */
export async function purchaseOutcomeOf(ctx: QueryCtx, userId: Id<"users">, purchaseId: Id<"ticketPurchases">) {
  const purchase = await ctx.db.get("ticketPurchases", purchaseId);
  if (purchase === null || purchase.userId !== userId) return null;
  const { units, amountCents } = purchase;
  if (purchase.status === "pending") return { status: "pending" as const, units, amountCents };
  if (purchase.status === "issued") return { status: "issued" as const, units, amountCents, ticketCodes: purchase.ticketCodes ?? [] };
  if (purchase.status === "cancelled") return { status: "cancelled" as const, units, amountCents };
  return { status: "refunded" as const, units, amountCents, refusal: purchase.refusal ?? TICKET_MESSAGES.soldOut };
}

/** A purchase from the event page: checked, paid and queued. Returns its id, whose outcome `purchaseOutcomeOf` tells live. */
export async function enqueuePurchase(
  ctx: MutationCtx,
  user: Doc<"users">,
  eventId: Id<"events"> | null,
  request: PurchaseRequest,
  now: number = Date.now(),
): Promise<Id<"ticketPurchases">> {
  const gate = eventId === null ? null : await gateForSupport(ctx, eventId);
  if (gate === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  await takeSaleTurn(ctx, gate.eventId, user._id, request.holdId !== undefined, now);
  const { purchaseId, amountCents, fee } = await takePurchase(ctx, user, gate, request, now);
  await queueRow(ctx, user._id, gate, amountCents, now, purchaseId, undefined, fee);
  return purchaseId;
}
