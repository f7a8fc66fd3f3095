import { loteLabel } from "@convex/model/shared/ticketTypes";
import { Field } from "../../../components/field";
import type { LoteValues } from "./ticket-types-form";

type LoteFieldsProps = {
  index: number;
  values: LoteValues;
  onChange: (patch: Partial<LoteValues>) => void;
  onRemove?: () => void;
  /** Sold already: its price and end stay as they are. */
  frozen: boolean;
};

/** One lote: its price and, optionally, its end by date or by quantity sold. */
export function LoteFields({ index, values, onChange: set, onRemove, frozen }: LoteFieldsProps) {
  const label = loteLabel(index);
  return (
    <fieldset className="lote">
      <legend className="lote__title">{label}</legend>
      <div className="lote__fields">
        <Field label="Preço (R$)">
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              placeholder="50,00"
              value={values.price}
              disabled={frozen}
              onChange={(e) => set({ price: e.target.value })}
            />
          )}
        </Field>
        <Field label="Termina em (data)">
          {(control) => (
            <input {...control} type="date" value={values.endDate} disabled={frozen} onChange={(e) => set({ endDate: e.target.value })} />
          )}
        </Field>
        <Field label="Horário do fim">
          {(control) => (
            <input {...control} type="time" value={values.endTime} disabled={frozen} onChange={(e) => set({ endTime: e.target.value })} />
          )}
        </Field>
        <Field label="Ou após vender">
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              placeholder="quantidade"
              value={values.quantity}
              disabled={frozen}
              onChange={(e) => set({ quantity: e.target.value })}
            />
          )}
        </Field>
      </div>
      {onRemove !== undefined && !frozen && (
        <button type="button" className="button button--ghost button--small" onClick={onRemove}>
          Remover {label}
        </button>
      )}
    </fieldset>
  );
}
