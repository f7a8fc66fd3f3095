import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { EMAIL_CHANGE_TEXTS as TEXTS } from "@convex/model/shared/emailChange";
import { Field } from "../../components/field";
import { errorNotice } from "../../lib/errors";

/** The code sent to the new address: right, the e-mail changes; wrong, the server says why (and counts it). */
export function ConfirmEmailCode({ newEmail, onChanged }: { newEmail: string; onChanged: (email: string) => void }) {
  const confirm = useMutation(api.myDataEmail.confirm);
  const cancel = useMutation(api.myDataEmail.cancel);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      const outcome = await confirm({ code });
      if (outcome.changed) onChanged(outcome.email);
      else setError(outcome.message);
    } catch (failure) {
      setError(errorNotice(failure).message);
    }
  }

  return (
    <form className="my-data__download" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p role="status">{TEXTS.sent(newEmail)}</p>
      <Field label={TEXTS.codeLabel} error={error}>
        {(control) => (
          <input
            {...control}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <div className="my-data__actions">
        <button type="submit" className="button button--primary">
          {TEXTS.confirm}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void cancel({})}>
          {TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
