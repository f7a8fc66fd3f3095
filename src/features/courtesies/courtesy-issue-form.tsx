import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { COURTESY_MESSAGES, MAX_COURTESY_EMAILS } from "@convex/model/shared/courtesies";
import { Field } from "../../components/field";
import { errorNotice } from "../../lib/errors";
import { InlineMessage, type Message } from "../../components/inline-message";

type Props = { eventId: string; types: { _id: string; name: string }[] };

/** The e-mails typed, one per line (commas and spaces also split them). */
function emailsOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter((part) => part !== "");
}

/** `Emitir cortesias`: a ticket type and up to 20 e-mails; each gets one ticket at no charge. */
export function CourtesyIssueForm({ eventId, types }: Props) {
  const issue = useMutation(api.courtesies.issue);
  const [typeId, setTypeId] = useState(types[0]?._id ?? "");
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const { issued, awaiting } = await issue({ eventId, typeId, emails: emailsOf(text) });
      const waiting =
        awaiting === 0
          ? ""
          : ` ${awaiting} ${awaiting === 1 ? "e-mail ainda não tem" : "e-mails ainda não têm"} conta: o ingresso chega no primeiro acesso.`;
      setMessage({ tone: "success", text: `${COURTESY_MESSAGES.issued(issued)}${waiting}` });
      setText("");
    } catch (error) {
      setMessage({ tone: "error", text: errorNotice(error).message });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="org-form" onSubmit={(event) => void onSubmit(event)}>
      <Field label="Tipo de ingresso">
        {(control) => (
          <select {...control} value={typeId} onChange={(event) => setTypeId(event.target.value)}>
            {types.map((type) => (
              <option key={type._id} value={type._id}>
                {type.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="E-mails"
        hint={`Um por linha, até ${MAX_COURTESY_EMAILS}. Cada pessoa recebe um ingresso, sem custo, em Meus Ingressos e por e-mail.`}
      >
        {(control) => (
          <textarea {...control} rows={4} value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" required />
        )}
      </Field>
      <button type="submit" className="button button--primary" disabled={pending || typeId === ""}>
        Emitir cortesias
      </button>
      <InlineMessage message={message} />
    </form>
  );
}
