import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { DOOR_MESSAGES } from "@convex/model/shared/door";
import { Field } from "../../components/field";
import { errorNotice } from "../../lib/errors";

/** `Desfazer check-in` (Coordenação da portaria and above): the ticket may enter again. */
export function UndoCheckIn({ eventId }: { eventId: string }) {
  const undo = useMutation(api.door.undoCheckIn);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { holderName } = await undo({ eventId, code });
      setMessage({ tone: "success", text: DOOR_MESSAGES.undone(holderName) });
      setCode("");
    } catch (error) {
      setMessage({ tone: "error", text: errorNotice(error).message });
    }
  };
  return (
    <details className="door-undo">
      <summary>Desfazer check-in</summary>
      <form className="door-undo__form" onSubmit={(event) => void onSubmit(event)}>
        <Field label="Código para desfazer" bare>
          {(control) => (
            <input {...control} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" maxLength={36} required />
          )}
        </Field>
        <button type="submit" className="button button--secondary">
          Desfazer check-in
        </button>
      </form>
      {message !== null && (
        <p className={`check-in__result check-in__result--${message.tone}`} role={message.tone === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      )}
    </details>
  );
}
