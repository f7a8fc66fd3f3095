import type { RefObject } from "react";
import { Field } from "../../components/field";

type AmountFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Focused when the dialog opens. */
  inputRef: RefObject<HTMLInputElement | null>;
  placeholder?: string;
  /** The dialog's refusal (shown in its footer) is about this amount. */
  invalid?: boolean;
};

/** `Valor (R$)` of a PIX in or out, typed as reais ("20,00"). */
export function AmountField({ value, onChange, inputRef, placeholder, invalid }: AmountFieldProps) {
  return (
    <Field label="Valor (R$)" invalid={invalid}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
