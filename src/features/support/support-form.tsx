import type { FormEvent, RefObject } from "react";
import { Field } from "../../components/field";
import { PROCESSING_TEXT } from "./supported-notice";

type SupportFormProps = {
  amount: string;
  onAmountChange: (amount: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  amountRef: RefObject<HTMLInputElement | null>;
  /** Supporting is closed: the field and button stay, disabled. */
  closed: boolean;
  /** The button waits (sending, or the wallet not loaded yet). */
  busy: boolean;
  pending: boolean;
  /** Taken, and waiting for the event's queue to apply it. */
  processing: boolean;
};

/** "Valor do apoio" in R$ and the APOIE button. */
export function SupportForm({ amount, onAmountChange, onSubmit, amountRef, closed, busy, pending, processing }: SupportFormProps) {
  return (
    <form className="support__form" onSubmit={onSubmit} noValidate>
      <Field label="Valor do apoio" className="support__field">
        {(control) => (
          <div className="money-input">
            <span className="money-input__prefix" aria-hidden="true">
              R$
            </span>
            <input
              {...control}
              ref={amountRef}
              inputMode="decimal"
              autoComplete="off"
              placeholder={closed ? undefined : "10,50"}
              value={amount}
              disabled={closed}
              onChange={(e) => onAmountChange(e.target.value)}
            />
          </div>
        )}
      </Field>
      <button type="submit" className="button button--primary button--large support__button" disabled={closed || busy}>
        {processing ? PROCESSING_TEXT : pending ? "Enviando..." : "APOIE"}
      </button>
    </form>
  );
}
