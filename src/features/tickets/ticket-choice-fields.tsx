import { useId, type ReactNode } from "react";
import { MAX_UNITS_PER_PURCHASE, MEIA_CATEGORIES, MEIA_CATEGORY_LABELS, type MeiaCategory } from "@convex/model/shared/ticketTypes";
import { Field, Options, RadioOption } from "../../components/field";
import type { TicketTypeOnSale } from "./ticket-type-list";

/** The fields a buyer fills to buy or to queue for tickets: the buy form, the waiting list's form and its hold share them. */

type TicketTypeFieldProps = {
  types: TicketTypeOnSale[];
  value: string;
  onChange: (typeId: string) => void;
  /** Types listed but not selectable (e.g. sold out). */
  isDisabled?: (type: TicketTypeOnSale) => boolean;
};

export function TicketTypeField({ types, value, onChange, isDisabled }: TicketTypeFieldProps) {
  return (
    <Field label="Tipo de ingresso">
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          {types.map((option) => (
            <option key={option._id} value={option._id} disabled={isDisabled?.(option)}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type TicketKindChoiceProps = {
  meia: boolean;
  onChange: (meia: boolean) => void;
  inteiraDisabled: boolean;
  meiaDisabled: boolean;
};

/** `Inteira ou meia`: two radios, one of them maybe out of reach (sold out, or not sold out for a waiting line). */
export function TicketKindChoice({ meia, onChange, inteiraDisabled, meiaDisabled }: TicketKindChoiceProps) {
  const name = `${useId()}-kind`;
  return (
    <fieldset className="buy-tickets__kind">
      <legend>Inteira ou meia</legend>
      <RadioOption
        name={name}
        label="Inteira"
        checked={!meia}
        disabled={inteiraDisabled}
        onSelect={() => onChange(false)}
        className="buy-tickets__kind-option"
      />
      <RadioOption
        name={name}
        label="Meia-entrada"
        checked={meia}
        disabled={meiaDisabled}
        onSelect={() => onChange(true)}
        className="buy-tickets__kind-option"
      />
    </fieldset>
  );
}

/** `Categoria da meia-entrada`, with the reminder that the document is checked at the door. */
export function MeiaCategoryField({ value, onChange }: { value: MeiaCategory | ""; onChange: (category: MeiaCategory | "") => void }) {
  return (
    <Field label="Categoria da meia-entrada" hint="Leve o documento que dá direito à meia-entrada: ele será conferido na entrada.">
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value as MeiaCategory | "")}>
          <option value="">Escolha…</option>
          <Options values={MEIA_CATEGORIES} labels={MEIA_CATEGORY_LABELS} />
        </select>
      )}
    </Field>
  );
}

/** 1 to 4 units, or fewer under the event's `Máximo por pessoa` (the server counts what the buyer already has). */
export function unitChoices(maxPerPerson: number | null | undefined): number[] {
  const most = Math.min(MAX_UNITS_PER_PURCHASE, maxPerPerson ?? MAX_UNITS_PER_PURCHASE);
  return Array.from({ length: most }, (_, index) => index + 1);
}

type UnitsFieldProps = {
  maxPerPerson: number | null | undefined;
  value: number;
  onChange: (units: number) => void;
  hint?: ReactNode;
};

/** `Quantidade`: 1 to 4 units, or fewer under `Máximo por pessoa`, with an optional sentence under it. */
export function UnitsField({ maxPerPerson, value, onChange, hint }: UnitsFieldProps) {
  return (
    <Field label="Quantidade" hint={hint}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(Number(event.target.value))}>
          {unitChoices(maxPerPerson).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
