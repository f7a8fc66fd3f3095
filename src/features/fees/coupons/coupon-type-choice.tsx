import { CheckboxField } from "../../../components/field";

type Props = { types: { _id: string; name: string }[]; chosen: string[]; onChange: (typeIds: string[]) => void };

/** `Vale para`: some of the event's ticket types, or (none ticked) every one. */
export function CouponTypeChoice({ types, chosen, onChange }: Props) {
  if (types.length < 2) return null;
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <fieldset className="org-fieldset">
      <legend>Vale para (opcional)</legend>
      <p className="org-hint">Sem nenhum marcado, vale para todos os tipos.</p>
      {types.map((type) => (
        <CheckboxField key={type._id} label={type.name} checked={chosen.includes(type._id)} onChange={(on) => toggle(type._id, on)} />
      ))}
    </fieldset>
  );
}
