import { useId } from "react";
import { FUNDING_MODE_LABELS, FUNDING_MODE_SENTENCES, FUNDING_MODES, type FundingMode } from "@convex/model/shared/fundingMode";

type FundingModeFieldProps = { value: FundingMode; onChange: (mode: FundingMode) => void; disabled: boolean };

/** `Modalidade`: `Tudo ou nada` (the default) or `Flexível`, each with what it means; frozen by the first support. */
export function FundingModeField({ value, onChange, disabled }: FundingModeFieldProps) {
  const id = useId();
  return (
    <fieldset className="funding-mode" disabled={disabled}>
      <legend className="funding-mode__legend">Modalidade</legend>
      {FUNDING_MODES.map((mode) => (
        <div key={mode} className="funding-mode__option">
          <input
            type="radio"
            id={`${id}-${mode}`}
            name={`${id}-mode`}
            value={mode}
            checked={value === mode}
            aria-describedby={`${id}-${mode}-hint`}
            onChange={() => onChange(mode)}
          />
          <label htmlFor={`${id}-${mode}`}>{FUNDING_MODE_LABELS[mode]}</label>
          <p id={`${id}-${mode}-hint`} className="field__hint funding-mode__hint">
            {FUNDING_MODE_SENTENCES[mode]}
          </p>
        </div>
      ))}
    </fieldset>
  );
}
