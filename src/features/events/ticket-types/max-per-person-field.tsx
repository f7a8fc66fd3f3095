import { useId } from "react";
import { MAX_PER_PERSON_LIMIT } from "@convex/model/shared/waitingList";

/** `Máximo por pessoa`: optional, for the whole event, counted by the server across its types. */
export function MaxPerPersonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field ticket-types__limit">
      <label htmlFor={`${id}-limit`}>Máximo por pessoa</label>
      <input
        id={`${id}-limit`}
        inputMode="numeric"
        placeholder="Sem limite"
        value={value}
        aria-describedby={`${id}-limit-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-limit-hint`} className="field__hint">
        Opcional: quantos ingressos uma pessoa pode ter neste evento, somando todos os tipos (de 1 a {MAX_PER_PERSON_LIMIT}). Vazio: sem
        limite.
      </p>
    </div>
  );
}
