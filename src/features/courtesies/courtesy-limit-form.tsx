import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { COURTESY_MESSAGES, DEFAULT_COURTESY_PERCENT } from "@convex/model/shared/courtesies";
import { Field } from "../../components/field";
import { errorNotice } from "../../lib/errors";
import { InlineMessage, type Message } from "../../components/inline-message";

/** The organizer's `Limite de cortesias`: 10% of the event's tickets unless raised here. */
export function CourtesyLimitForm({ eventId, limit, capacity }: { eventId: string; limit: number; capacity: number }) {
  const setLimit = useMutation(api.courtesies.setLimit);
  const [value, setValue] = useState(String(limit));
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      // What is not a whole number goes as such: the server says why in Portuguese.
      await setLimit({ eventId, limit: value.trim() === "" ? Number.NaN : Number(value) });
      setMessage({ tone: "success", text: COURTESY_MESSAGES.limitSaved });
    } catch (error) {
      setMessage({ tone: "error", text: errorNotice(error).message });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="org-form org-form--inline" onSubmit={(event) => void onSubmit(event)}>
      <Field
        label="Limite de cortesias"
        hint={`Sem mudança, ${DEFAULT_COURTESY_PERCENT}% dos ingressos. Até ${capacity.toLocaleString("pt-BR")}.`}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={capacity}
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            required
          />
        )}
      </Field>
      <button type="submit" className="button button--secondary" disabled={pending}>
        Salvar limite
      </button>
      <InlineMessage message={message} />
    </form>
  );
}
