import { useId } from "react";
import { MAX_LOTES_PER_TYPE, MAX_TYPE_NAME_LENGTH, minimumMeia } from "@convex/model/shared/ticketTypes";
import { LoteFields } from "./lote-fields";
import { emptyLote, parseCount, type LoteValues, type TicketTypeValues } from "./ticket-types-form";

type TicketTypeFieldsetProps = {
  index: number;
  values: TicketTypeValues;
  onChange: (patch: Partial<TicketTypeValues>) => void;
  onRemove: () => void;
};

/** One ticket type: name, quantity, how many of them are meia-entrada, and its lotes in order. */
export function TicketTypeFieldset({ index, values, onChange: set, onRemove }: TicketTypeFieldsetProps) {
  const id = useId();
  const purchased = values.frozenLotes > 0;
  const quantity = parseCount(values.quantity);
  const suggestedMeia = quantity !== null && quantity > 0 ? String(minimumMeia(quantity)) : "40%";
  const setLote = (at: number, patch: Partial<LoteValues>) =>
    set({ lotes: values.lotes.map((lote, i) => (i === at ? { ...lote, ...patch } : lote)) });
  return (
    <fieldset className="ticket-type">
      <legend className="ticket-type__title">Tipo {index + 1}</legend>
      <div className="field">
        <label htmlFor={`${id}-name`}>Nome do tipo</label>
        <input
          id={`${id}-name`}
          placeholder="Ex.: Pista, Camarote"
          value={values.name}
          maxLength={MAX_TYPE_NAME_LENGTH}
          disabled={purchased}
          onChange={(e) => set({ name: e.target.value })}
        />
      </div>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-quantity`}>Quantidade</label>
          <input
            id={`${id}-quantity`}
            inputMode="numeric"
            placeholder="100"
            value={values.quantity}
            aria-describedby={purchased ? `${id}-quantity-hint` : undefined}
            onChange={(e) => set({ quantity: e.target.value })}
          />
          {purchased && (
            <p id={`${id}-quantity-hint`} className="field__hint">
              Já vendido: a quantidade só pode aumentar, e quem está na lista de espera recebe os novos primeiro.
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-meia`}>Meia-entrada</label>
          <input
            id={`${id}-meia`}
            inputMode="numeric"
            placeholder={suggestedMeia}
            value={values.meiaQuantity}
            aria-describedby={`${id}-meia-hint`}
            onChange={(e) => set({ meiaQuantity: e.target.value })}
          />
          <p id={`${id}-meia-hint`} className="field__hint">
            Quantos destes são meia (metade do preço). Vazio: 40%.
          </p>
        </div>
      </div>
      {values.lotes.map((lote, at) => (
        <LoteFields
          key={at}
          index={at}
          values={lote}
          frozen={at < values.frozenLotes}
          onChange={(patch) => setLote(at, patch)}
          onRemove={values.lotes.length > 1 ? () => set({ lotes: values.lotes.filter((_, i) => i !== at) }) : undefined}
        />
      ))}
      <div className="ticket-type__actions">
        {values.lotes.length < MAX_LOTES_PER_TYPE && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => set({ lotes: [...values.lotes, emptyLote()] })}
          >
            Adicionar lote
          </button>
        )}
        {!purchased && (
          <button type="button" className="button button--ghost button--small" onClick={onRemove}>
            Remover tipo {index + 1}
          </button>
        )}
      </div>
    </fieldset>
  );
}
