import { useId, useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import {
  MAX_UNITS_PER_PURCHASE,
  MEIA_CATEGORIES,
  MEIA_CATEGORY_LABELS,
  TICKET_MESSAGES,
  unitPriceCents,
  type MeiaCategory,
} from "@convex/model/shared/ticketTypes";
import { perPersonLimitMessage } from "@convex/model/shared/waitingList";
import { NoticeAlert } from "../../components/notice-alert";
import { ATTENTION_TITLE, type Notice } from "../../lib/notice";
import { useSubmitWithNotice } from "../../lib/use-submit-with-notice";
import { onSaleNow, type TicketTypeOnSale } from "./ticket-type-list";
import { usePurchaseOutcome, type PurchaseOutcome } from "./use-purchase-outcome";

/** 1 to 4 units, or fewer under the event's `Máximo por pessoa` (the server counts what the buyer already has). */
export function unitChoices(maxPerPerson: number | null | undefined): number[] {
  const most = Math.min(MAX_UNITS_PER_PURCHASE, maxPerPerson ?? MAX_UNITS_PER_PURCHASE);
  return Array.from({ length: most }, (_, index) => index + 1);
}

export function outcomeNotice(outcome: PurchaseOutcome): Notice {
  if (outcome.status === "refunded")
    return { title: ATTENTION_TITLE, message: `${outcome.refusal} O valor voltou para a sua carteira.`, tone: "error" };
  // Cancelled from Meus Ingressos while this notice was still open.
  if (outcome.status === "cancelled") return { title: "Compra cancelada", message: "O valor voltou para a sua carteira.", tone: "success" };
  const many = outcome.units > 1;
  return {
    title: "Compra confirmada!",
    message: `${many ? `Seus ${outcome.units} ingressos estão` : "Seu ingresso está"} em Meus Ingressos.`,
    detail: outcome.ticketCodes.join(" "),
    tone: "success",
  };
}

type BuyTicketsFormProps = { eventId: string; types: TicketTypeOnSale[]; now: number; signedIn: boolean };

/** Pick a type, inteira or meia (with the category), 1 to 4 units; pay from the wallet. */
export function BuyTicketsForm({ eventId, types, now, signedIn }: BuyTicketsFormProps) {
  const id = useId();
  const buy = useMutation(api.ticketPurchases.buy);
  const { notice, pending, show, submit, close } = useSubmitWithNotice();
  const purchase = usePurchaseOutcome();
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

  return (
    <form className="buy-tickets" onSubmit={onSubmit} aria-label="Comprar ingressos">
      <label htmlFor={`${id}-type`}>Tipo de ingresso</label>
      <select id={`${id}-type`} value={type?._id ?? ""} onChange={(event) => setTypeId(event.target.value)}>
        {types.map((option) => (
          <option key={option._id} value={option._id} disabled={onSaleNow(option, now).state !== "onSale"}>
            {option.name}
          </option>
        ))}
      </select>
      {type !== undefined && type.meiaQuantity > 0 && (
        <fieldset className="buy-tickets__kind">
          <legend>Inteira ou meia</legend>
          <label>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={!meia}
              disabled={available?.inteiraLeft === 0}
              onChange={() => setMeia(false)}
            />{" "}
            Inteira
          </label>
          <label>
            <input type="radio" name={`${id}-kind`} checked={meia} disabled={available?.meiaLeft === 0} onChange={() => setMeia(true)} />{" "}
            Meia-entrada
          </label>
        </fieldset>
      )}
      {meia && type !== undefined && type.meiaQuantity > 0 && (
        <>
          <label htmlFor={`${id}-category`}>Categoria da meia-entrada</label>
          <select id={`${id}-category`} value={category} onChange={(event) => setCategory(event.target.value as MeiaCategory | "")}>
            <option value="">Escolha…</option>
            {MEIA_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {MEIA_CATEGORY_LABELS[option]}
              </option>
            ))}
          </select>
          <p className="buy-tickets__hint">Leve o documento que dá direito à meia-entrada: ele será conferido na entrada.</p>
        </>
      )}
      <label htmlFor={`${id}-units`}>Quantidade</label>
      <select id={`${id}-units`} value={units} onChange={(event) => setUnits(Number(event.target.value))}>
        {unitChoices(type?.maxPerPerson).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      {type?.maxPerPerson != null && <p className="buy-tickets__hint">{perPersonLimitMessage(type.maxPerPerson)}</p>}
      {totalCents !== null && <p className="buy-tickets__total">Total: {formatBRL(totalCents)}</p>}
      <p className="buy-tickets__hint">{TICKET_MESSAGES.attendeeDataNotice}</p>
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={pending || purchase.processing || type === undefined || available?.state !== "onSale"}
      >
        {purchase.processing ? "Processando sua compra…" : "Comprar"}
      </button>
      <NoticeAlert
        notice={notice ?? (purchase.outcome && outcomeNotice(purchase.outcome))}
        onClose={() => {
          close();
          purchase.seen();
        }}
      />
    </form>
  );
}
