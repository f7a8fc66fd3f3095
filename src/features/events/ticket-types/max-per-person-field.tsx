import { MAX_PER_PERSON_LIMIT } from "@convex/model/shared/waitingList";
import { Field } from "../../../components/field";

/** `Máximo por pessoa`: optional, for the whole event, counted by the server across its types. */
export function MaxPerPersonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field
      label="Máximo por pessoa"
      className="ticket-types__limit"
      hint={`Opcional: quantos ingressos uma pessoa pode ter neste evento, somando todos os tipos (de 1 a ${MAX_PER_PERSON_LIMIT}). Vazio: sem limite.`}
    >
      {(control) => (
        <input {...control} inputMode="numeric" placeholder="Sem limite" value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}
