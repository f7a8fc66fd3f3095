import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { Field } from "../../components/field";
import { errorNotice } from "../../lib/errors";

/** Correcting one's name: the server cleans and checks it; its message shows under the field. */
export function ChangeName({ currentName }: { currentName: string }) {
  const rename = useMutation(api.myData.rename);
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    try {
      await rename({ name });
      setSaved(true);
    } catch (failure) {
      setError(errorNotice(failure).message);
    }
  }

  return (
    <form className="my-data__download" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field label="Nome" error={error}>
        {(control) => <input {...control} value={name} autoComplete="name" onChange={(e) => setName(e.target.value)} />}
      </Field>
      <button type="submit" className="button button--secondary">
        Salvar nome
      </button>
      {saved && <p role="status">Nome salvo.</p>}
    </form>
  );
}
