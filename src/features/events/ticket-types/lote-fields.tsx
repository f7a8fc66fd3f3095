import { useId } from "react";
import { loteLabel } from "@convex/model/shared/ticketTypes";
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
  const id = useId();
  const label = loteLabel(index);
  return (
    <fieldset className="lote">
      <legend className="lote__title">{label}</legend>
      <div className="lote__fields">
        <div className="field">
          <label htmlFor={`${id}-price`}>Preço (R$)</label>
          <input
            id={`${id}-price`}
            inputMode="decimal"
            placeholder="50,00"
            value={values.price}
            disabled={frozen}
            onChange={(e) => set({ price: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-date`}>Termina em (data)</label>
          <input
            id={`${id}-date`}
            type="date"
            value={values.endDate}
            disabled={frozen}
            onChange={(e) => set({ endDate: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>Horário do fim</label>
          <input
            id={`${id}-time`}
            type="time"
            value={values.endTime}
            disabled={frozen}
            onChange={(e) => set({ endTime: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-quantity`}>Ou após vender</label>
          <input
            id={`${id}-quantity`}
            inputMode="numeric"
            placeholder="quantidade"
            value={values.quantity}
            disabled={frozen}
            onChange={(e) => set({ quantity: e.target.value })}
          />
        </div>
      </div>
      {onRemove !== undefined && !frozen && (
        <button type="button" className="button button--ghost button--small" onClick={onRemove}>
          Remover {label}
        </button>
      )}
    </fieldset>
  );
}
