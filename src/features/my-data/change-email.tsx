import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { EMAIL_CHANGE_TEXTS as TEXTS } from "@convex/model/shared/emailChange";
import { Field } from "../../components/field";
import { errorNotice } from "../../lib/errors";
import { ConfirmEmailCode } from "./confirm-email-code";

/**
 * `Corrigir meu e-mail`: the new address gets a code; the e-mail changes only when the code comes
 * back (ConfirmEmailCode). The server checks and limits everything; its messages show here.
 */
export function ChangeEmail({ currentEmail }: { currentEmail: string | null }) {
  const pending = useQuery(api.myDataEmail.pending);
  const request = useMutation(api.myDataEmail.request);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [changedTo, setChangedTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setChangedTo(null);
    try {
      await request({ email });
      setEmail("");
    } catch (failure) {
      setError(errorNotice(failure).message);
    }
  }

  if (pending === undefined) return null;
  if (pending !== null) return <ConfirmEmailCode newEmail={pending.newEmail} onChanged={setChangedTo} />;
  return (
    <form className="my-data__download" onSubmit={(event) => void onSubmit(event)} noValidate>
      {currentEmail !== null && <p>{TEXTS.current(currentEmail)}</p>}
      <Field label={TEXTS.newEmailLabel} hint={TEXTS.hint} error={error}>
        {(control) => <input {...control} type="email" value={email} autoComplete="email" onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <button type="submit" className="button button--secondary">
        {TEXTS.send}
      </button>
      {changedTo !== null && <p role="status">{TEXTS.changed(changedTo)}</p>}
    </form>
  );
}
