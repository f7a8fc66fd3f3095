/**
 * `Taxa de serviço` on the server: the deployment's rates, what a purchase or a support owes, and
 * the organizer's choice per event. The rule itself is shared/fees.ts.
 *
 * Where a fee's money is: a fee the buyer paid on top (`Repassar a taxa ao comprador`) leaves
 * their wallet with the price and is held by the event with it, so any refund (queue refusal,
 * `Cancelar compra`, the event cancelled or failed) gives it back; a fee taken from the payout
 * (`Absorver a taxa`, and every support's) is only a number on the contribution until then. At
 * the payout the platform's account receives both (model/settlement/payoutCredit.ts, model/books/check.ts).
 */
import { env } from "../../_generated/server";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import {
  basisPointsOf,
  centsOf,
  FEE_MESSAGES,
  supportFeeCents,
  ticketFeeCents,
  type FeeMode,
  type FeeRates,
} from "../../model/shared/fees";
import { MESSAGES } from "../../model/shared/texts";
import { writeEvent } from "../events/writer";

/** A row's fee fields, as the schema's `serviceFeeFields` stores them (empty when there is no fee). */
export type ServiceFee = { feeCents?: number; feePaidByBuyer?: true };

/** The deployment's rates, read at every call: a variable changed by `npx convex env set` applies at once. Unset = 0. */
export function feeRates(): FeeRates {
  return {
    ticketBasisPoints: basisPointsOf(env.SERVICE_FEE_TICKET_PERCENT),
    supportBasisPoints: basisPointsOf(env.SERVICE_FEE_SUPPORT_PERCENT),
    minimumCents: centsOf(env.SERVICE_FEE_MINIMUM_CENTS),
  };
}

/** What a buyer paid on top of the price (0 when the fee was absorbed or there is none). */
export function buyerFeeOf(row: ServiceFee): number {
  return row.feePaidByBuyer === true ? (row.feeCents ?? 0) : 0;
}

/** The fee fields of a purchase of `units` at `unitPriceCents`, by the event's choice. */
export function purchaseFee(unitPriceCents: number, units: number, passedOn: boolean): ServiceFee {
  const feeCents = units * ticketFeeCents(unitPriceCents, feeRates());
  if (feeCents === 0) return {};
  return passedOn ? { feeCents, feePaidByBuyer: true } : { feeCents };
}

/** The fee fields of a support (always taken from the payout). */
export function supportFee(amountCents: number): ServiceFee {
  const feeCents = supportFeeCents(amountCents, feeRates());
  return feeCents === 0 ? {} : { feeCents };
}

/**
 * The creator's choice for the event's tickets. It may change until the event is over: a buyer
 * who saw the other fee is refused with the price-changed message and sees the new one.
 */
export async function setFeeMode(ctx: MutationCtx, userId: Id<"users">, eventId: Id<"events"> | null, mode: FeeMode) {
  const event = eventId === null ? null : await ctx.db.get("events", eventId);
  if (event === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  if (event.creatorId !== userId) throw appError("NOT_THE_CREATOR", FEE_MESSAGES.notTheCreator);
  if (event.settlement !== undefined) throw appError("EVENT_OVER", FEE_MESSAGES.eventOver);
  const feePassedOn = mode === "passedOn" ? (true as const) : undefined;
  await writeEvent(ctx, event._id, { feePassedOn });
  const gate = await ctx.db
    .query("supportGates")
    .withIndex("by_eventId", (q) => q.eq("eventId", event._id))
    .unique();
  if (gate !== null) await ctx.db.patch("supportGates", gate._id, { feePassedOn });
}
