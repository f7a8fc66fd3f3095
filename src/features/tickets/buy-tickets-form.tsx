import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { TICKET_MESSAGES, unitPriceCents, type MeiaCategory } from "@convex/model/shared/ticketTypes";
import { perPersonLimitMessage } from "@convex/model/shared/waitingList";
import { ATTENTION_TITLE } from "../../lib/notice";
import { MeiaCategoryField, TicketKindChoice, TicketTypeField, UnitsField } from "./ticket-choice-fields";
import { onSaleNow, type TicketTypeOnSale } from "./ticket-type-list";
import type { PurchaseResult } from "./use-purchase-outcome";

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
  const totalCents = lote === null ? null : units * unitPriceCents(lote, meia);
  return { type, available, meia, category, units, totalCents, setTypeId, setMeia, setCategory, setUnits };
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

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (pending || purchase.processing || type === undefined || available === null) return;
    if (!signedIn) return show({ title: ATTENTION_TITLE, message: TICKET_MESSAGES.notSignedInToBuy, tone: "error" });
    if (available.state !== "onSale" || available.loteIndex === null)
      return show({ title: ATTENTION_TITLE, message: TICKET_MESSAGES.soldOut, tone: "error" });
    if (meia && category === "") return show({ title: ATTENTION_TITLE, message: TICKET_MESSAGES.meiaWithoutCategory, tone: "error" });
    const loteIndex = available.loteIndex;
    // The price on screen is the one agreed to: the server refuses the purchase if the lote now costs another.
    const shownPriceCents = unitPriceCents(type.lotes[loteIndex]!, meia);
    void submit(async () => {
      const { purchaseId } = await buy({
        eventId,
        typeId: type._id,
        loteIndex,
        unitPriceCents: shownPriceCents,
        units,
        meia,
        ...(meia ? { meiaCategory: category } : {}),
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
      {choice.totalCents !== null && <p className="buy-tickets__total">Total: {formatBRL(choice.totalCents)}</p>}
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
