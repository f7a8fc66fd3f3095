import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { MAX_UPDATE_BODY_LENGTH, MAX_UPDATE_TITLE_LENGTH } from "@convex/model/shared/limits";
import { Field } from "../../components/field";
import { errorNotice } from "../../lib/errors";

/** The organizer's form for a new Novidade; the server checks the text and who posts. */
export function UpdateForm({ eventId }: { eventId: string }) {
  const post = useMutation(api.updates.post);
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setMessage(null);
    try {
      await post({ eventId, title, body });
      setTitle("");
      setBody("");
      setMessage({ text: "Novidade publicada. Os apoiadores foram avisados.", tone: "success" });
    } catch (caught) {
      setMessage({ text: errorNotice(caught).message, tone: "error" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="update-form" onSubmit={(event) => void submit(event)}>
      <Field label="Título da novidade">
        {(control) => (
          <input {...control} value={title} maxLength={MAX_UPDATE_TITLE_LENGTH} required onChange={(e) => setTitle(e.target.value)} />
        )}
      </Field>
      <Field label="Texto da novidade">
        {(control) => (
          <textarea
            {...control}
            value={body}
            rows={4}
            maxLength={MAX_UPDATE_BODY_LENGTH}
            required
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </Field>
      {message !== null && (
        <p className={`update-form__message update-form__message--${message.tone}`} role={message.tone === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? "Publicando..." : "Publicar novidade"}
      </button>
    </form>
  );
}
