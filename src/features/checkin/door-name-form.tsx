import { useState, type FormEvent } from "react";
import { MAX_DOOR_NAME_LENGTH, normalizeDoorName } from "@convex/model/shared/door";
import { Field } from "../../components/field";

type DoorNameFormProps = { doorName: string; onChange: (name: string) => void; online: boolean };

/** `Porta`: the door this device checks people in at (duplicates name it: `na porta Portão A`). Changed while connected. */
export function DoorNameForm({ doorName, onChange, online }: DoorNameFormProps) {
  const [typed, setTyped] = useState(doorName);
  const cleaned = normalizeDoorName(typed);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (cleaned !== null && online) onChange(cleaned);
  };
  return (
    <form className="door-name" onSubmit={onSubmit}>
      <Field label="Porta" bare>
        {(control) => (
          <input {...control} value={typed} onChange={(event) => setTyped(event.target.value)} maxLength={MAX_DOOR_NAME_LENGTH} required />
        )}
      </Field>
      <button type="submit" className="button button--secondary" disabled={!online || cleaned === null || cleaned === doorName}>
        Trocar porta
      </button>
    </form>
  );
}
