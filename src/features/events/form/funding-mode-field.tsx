import { useId } from "react";
import { RadioOption } from "../../../components/field";
import { FUNDING_MODE_LABELS, FUNDING_MODE_SENTENCES, FUNDING_MODES, type FundingMode } from "@convex/model/shared/fundingMode";

type FundingModeFieldProps = { value: FundingMode; onChange: (mode: FundingMode) => void; disabled: boolean };

/** `Modalidade`: `Tudo ou nada` (the default) or `Flexível`, each with what it means; frozen by the first support. */
export function FundingModeField({ value, onChange, disabled }: FundingModeFieldProps) {
  const id = useId();
  return (
    <fieldset className="funding-mode" disabled={disabled}>
      <legend className="funding-mode__legend">Modalidade</legend>
      {FUNDING_MODES.map((mode) => (
        <RadioOption
          key={mode}
          className="funding-mode__option"
          name={`${id}-mode`}
          value={mode}
          label={FUNDING_MODE_LABELS[mode]}
          hint={FUNDING_MODE_SENTENCES[mode]}
          hintClassName="funding-mode__hint"
          checked={value === mode}
          onSelect={() => onChange(mode)}
        />
      ))}
    </fieldset>
  );
}
