import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { TICKET_MESSAGES, unitPriceCents, type MeiaCategory } from "@convex/model/shared/ticketTypes";
import { perPersonLimitMessage } from "@convex/model/shared/waitingList";
import { ATTENTION_TITLE } from "../../lib/notice";
import { MeiaCategoryField, TicketKindChoice, TicketTypeField, UnitsField } from "./ticket-choice-fields";
import { onSaleNow, type TicketTypeOnSale } from "./ticket-type-list";
import type { PurchaseResult } from "./use-purchase-outcome";
import { PriceSummary, useBuyerFee } from "./price-summary";
import { CouponField, useCoupon } from "./coupon-field";

/**
 * What the buyer has picked, and what it means now: the type (the first on sale unless chosen),
 * its availability, inteira or meia, the lote on sale and the total.
 */
function useTicketChoice(types: TicketTypeOnSale[], now: number) {
  const [typeId, setTypeId] = useState("");
  const [meiaChosen, setMeia] = useState(false);
  const [category, setCategory] = useState<MeiaCategory | "">("");
  const [units, setUnits] = useState(1);

  const type =
    types.find((candidate) => candidate._id === typeId) ?? types.find((candidate) => onSaleNow(candidate, now).state === "onSale");
  const available = type === undefined ? null : onSaleNow(type, now);
  // Inteira and meia sell out apart: the one left is the choice when the other is gone.
  const meia =
    available !== null && available.inteiraLeft === 0 ? true : available !== null && available.meiaLeft === 0 ? false : meiaChosen;
  const lote = type === undefined || available?.loteIndex == null ? null : type.lotes[available.loteIndex]!;
  const unitCents = lote === null ? null : unitPriceCents(lote, meia);
  const totalCents = unitCents === null ? null : units * unitCents;
  return { type, available, meia, category, units, unitCents, totalCents, setTypeId, setMeia, setCategory, setUnits };
}

type BuyTicketsFormProps = {
  eventId: string;
  types: TicketTypeOnSale[];
  now: number;
  signedIn: boolean;
  /** Where the purchase's outcome is kept and shown: outside the form, which the last unit sold takes away. */
  result: PurchaseResult;
};

/** Pick a type, inteira or meia (with the category), 1 to 4 units; pay from the wallet. */
export function BuyTicketsForm({ eventId, types, now, signedIn, result }: BuyTicketsFormProps) {
  const buy = useMutation(api.ticketPurchases.buy);
  const { pending, show, submit, purchase } = result;
  const choice = useTicketChoice(types, now);
  const { type, available, meia, category, units } = choice;
  const coupon = useCoupon(eventId, type?._id, available?.loteIndex, meia);
  // The price with the coupon, and the fee on it, are the ones agreed to: the server refuses others.
  const unitCents = coupon.unitPriceCents ?? choice.unitCents;
  const feeCents = useBuyerFee(eventId, unitCents, units);

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (pending || purchase.processing || type === undefined || available === null || feeCents === null || unitCents === null) return;
    if (coupon.checking) return;
    if (!signedIn) return show({ title: ATTENTION_TITLE, message: TICKET_MESSAGES.notSignedInToBuy, tone: "error" });
    if (available.state !== "onSale" || available.loteIndex === null)
      return show({ title: ATTENTION_TITLE, message: TICKET_MESSAGES.soldOut, tone: "error" });
    if (meia && category === "") return show({ title: ATTENTION_TITLE, message: TICKET_MESSAGES.meiaWithoutCategory, tone: "error" });
    const loteIndex = available.loteIndex;
    void submit(async () => {
      const { purchaseId } = await buy({
        eventId,
        typeId: type._id,
        loteIndex,
        unitPriceCents: unitCents,
        units,
        meia,
        ...(meia ? { meiaCategory: category } : {}),
        feeCents,
        ...(coupon.code === null ? {} : { couponCode: coupon.code }),
      });
      purchase.follow(purchaseId);
      return null;
    });
  }

  const offersMeia = type !== undefined && type.meiaQuantity > 0;
  return (
    <form className="buy-tickets" onSubmit={onSubmit} aria-label="Comprar ingressos">
      <TicketTypeField
        types={types}
        value={type?._id ?? ""}
        onChange={choice.setTypeId}
        isDisabled={(option) => onSaleNow(option, now).state !== "onSale"}
      />
      {offersMeia && (
        <TicketKindChoice
          meia={meia}
          onChange={choice.setMeia}
          inteiraDisabled={available?.inteiraLeft === 0}
          meiaDisabled={available?.meiaLeft === 0}
        />
      )}
      {offersMeia && meia && <MeiaCategoryField value={category} onChange={choice.setCategory} />}
      <UnitsField
        maxPerPerson={type?.maxPerPerson}
        value={units}
        onChange={choice.setUnits}
        hint={type?.maxPerPerson != null && perPersonLimitMessage(type.maxPerPerson)}
      />
      <CouponField coupon={coupon} />
      {unitCents !== null && feeCents !== null && <PriceSummary totalCents={units * unitCents} feeCents={feeCents} />}
      <p className="buy-tickets__hint">{TICKET_MESSAGES.attendeeDataNotice}</p>
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={pending || purchase.processing || type === undefined || available?.state !== "onSale"}
      >
        {purchase.processing ? "Processando sua compra…" : "Comprar"}
      </button>
    </form>
  );
}
