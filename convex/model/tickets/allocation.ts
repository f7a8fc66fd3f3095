/**
 * How the event's queue decides ticket purchases (model/supports/queue.ts calls it for each
 * queued purchase, in order): against the exact counts the purchases before it left, a purchase
 * gets one ticket per unit or is refunded with its reason (`Ingressos esgotados para este
 * tipo.`). So a type never sells more than its quantity, nor meia more than it offers, however
 * many buy at once. Purchases are taken and paid in model/tickets/purchases.ts.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { supportClosedMessage, supportClosedReason, type Lifecycle, type SupportClosedReason } from "../../model/shared/lifecycle";
import { addSale, decidePurchase, inteiraGoneForGood, unitPriceCents, type TicketSales } from "../../model/shared/ticketTypes";
import { salesOf } from "./sales";
import { issueTicket } from "./issue";
import { emailPurchase } from "../email/triggers";
import { releaseCouponUse } from "./coupons";
import { sayIfSoldOut } from "../waitingRoom/outflow";

/** Why purchases are closed: cancelled or started. A concluded event keeps selling its tickets. */
export function purchaseClosedReason(event: Lifecycle, at: number | null): SupportClosedReason | null {
  const reason = supportClosedReason(event, at);
  return reason === "concluded" ? null : reason;
}

type TypeState = { type: Doc<"ticketTypes">; sales: Doc<"ticketSales">; counts: TicketSales; loteMeia: number[]; changed: boolean };

/** Moves a type's running counts on by one sale (its meia units per lote too). */
function countSale(state: TypeState, request: { loteIndex: number; units: number; meia: boolean }): void {
  state.counts = addSale(state.counts, request);
  if (request.meia) {
    state.loteMeia = [...state.loteMeia];
    while (state.loteMeia.length <= request.loteIndex) state.loteMeia.push(0);
    state.loteMeia[request.loteIndex]! += request.units;
  }
  state.changed = true;
}

/**
 * Decides the purchases of one turn of the event's queue, in order, against exact running counts:
 * each type's counts are read once, moved on in memory, and written once by `flush`.
 */
export function purchaseDecider(ctx: MutationCtx) {
  const states = new Map<Id<"ticketTypes">, TypeState>();

  async function stateOf(typeId: Id<"ticketTypes">): Promise<TypeState> {
    const known = states.get(typeId);
    if (known !== undefined) return known;
    const type = await ctx.db.get("ticketTypes", typeId);
    const sales = await salesOf(ctx, typeId);
    if (type === null || sales === null) throw new Error(`a purchase of a missing ticket type ${typeId}`);
    const state: TypeState = {
      type,
      sales,
      counts: { inteiraSold: sales.inteiraSold, meiaSold: sales.meiaSold, loteSold: sales.loteSold },
      loteMeia: sales.loteMeia,
      changed: false,
    };
    states.set(typeId, state);
    return state;
  }

  async function refuse(purchase: Doc<"ticketPurchases">, refusal: string) {
    await ctx.db.patch("ticketPurchases", purchase._id, { status: "refunded", refusal });
    // A refused purchase used nothing: its coupon's use is free again.
    await releaseCouponUse(ctx, purchase);
    return { ok: false as const, refusal };
  }

  return {
    /**
     * Decides one purchase when its turn comes (`at`: the time it was paid, or now for one decided
     * at once): issues its tickets against the event (whose ticket count the caller stores), or
     * marks it refunded with its reason (the caller refunds the money).
     */
    async decide(
      event: Doc<"events">,
      purchaseId: Id<"ticketPurchases">,
      at: number,
    ): Promise<{ ok: true; ticketCodes: string[] } | { ok: false; refusal: string }> {
      const purchase = await ctx.db.get("ticketPurchases", purchaseId);
      if (purchase === null) throw new Error(`a queued purchase ${purchaseId} is missing`);
      const closed = purchaseClosedReason(event, at);
      if (closed !== null) return refuse(purchase, supportClosedMessage(closed));
      const state = await stateOf(purchase.typeId);
      const request = { loteIndex: purchase.loteIndex, units: purchase.units, meia: purchase.meiaCategory !== undefined };
      // Units held by the waiting list were counted when held (model/waitingList/holds.ts): they are the buyer's already.
      if (purchase.holdId === undefined) {
        const decision = decidePurchase(state.type, state.counts, request, at);
        if (!decision.ok) return refuse(purchase, decision.message);
        countSale(state, request);
      }
      const lote = state.type.lotes[request.loteIndex]!;
      const coupon = purchase.couponId === undefined ? null : await ctx.db.get("coupons", purchase.couponId);
      const kind = {
        typeId: state.type._id,
        typeName: state.type.name,
        loteIndex: request.loteIndex,
        // What the buyer paid per unit: the lote's price, or less with a coupon.
        priceCents: purchase.couponId === undefined ? unitPriceCents(lote, request.meia) : purchase.amountCents / purchase.units,
        ...(coupon === null ? {} : { couponCode: coupon.code }),
        ...(purchase.meiaCategory === undefined ? {} : { meiaCategory: purchase.meiaCategory }),
        purchaseId: purchase._id,
        // The purchase's fee is its units' fees, each the same (model/shared/fees.ts).
        ...(purchase.feeCents === undefined ? {} : { feeCents: purchase.feeCents / purchase.units }),
      };
      const ticketCodes: string[] = [];
      for (let unit = 0; unit < purchase.units; unit += 1) ticketCodes.push(await issueTicket(ctx, event, purchase.userId, kind));
      await ctx.db.patch("ticketPurchases", purchase._id, { status: "issued", ticketCodes });
      await emailPurchase(ctx, event, purchase, ticketCodes);
      return { ok: true, ticketCodes };
    },

    /** Stores the counts that moved and flags an option that sold out, so later buyers are told before paying. */
    async flush(): Promise<void> {
      for (const state of states.values()) {
        if (!state.changed) continue;
        const { inteiraSold, meiaSold, loteSold } = state.counts;
        await ctx.db.patch("ticketSales", state.sales._id, { inteiraSold, meiaSold, loteSold, loteMeia: state.loteMeia });
        const inteiraGone = inteiraGoneForGood(state.type, state.counts);
        const meiaGone = state.type.meiaQuantity - meiaSold <= 0;
        const flags = {
          ...(inteiraGone && state.type.inteiraSoldOut !== true ? { inteiraSoldOut: true as const } : {}),
          ...(meiaGone && state.type.meiaSoldOut !== true ? { meiaSoldOut: true as const } : {}),
        };
        if (Object.keys(flags).length > 0) {
          await ctx.db.patch("ticketTypes", state.type._id, flags);
          // The last unit sold: the event's `Sala de espera` says `Esgotado` now, not at its next tick.
          await sayIfSoldOut(ctx, state.type.eventId);
        }
        state.changed = false;
      }
    },
  };
}

export type PurchaseDecider = ReturnType<typeof purchaseDecider>;
