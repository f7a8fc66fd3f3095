import { useId } from "react";
import { MAX_CHOICES, MAX_REWARD_DESCRIPTION_LENGTH, MAX_REWARD_TITLE_LENGTH } from "@convex/model/shared/rewards";
import { RewardQuestionFields } from "./reward-question-fields";
import type { RewardValues } from "./rewards-form";

type RewardFieldsetProps = {
  index: number;
  values: RewardValues;
  onChange: (patch: Partial<RewardValues>) => void;
  onRemove: () => void;
};

/** One reward: title, description, minimum, quantity, `Entrega prevista` and its question. */
export function RewardFieldset({ index, values, onChange: set, onRemove }: RewardFieldsetProps) {
  const id = useId();
  return (
    <fieldset className="reward-fields">
      <legend className="reward-fields__title">Recompensa {index + 1}</legend>
      <div className="field">
        <label htmlFor={`${id}-title`}>Título</label>
        <input
          id={`${id}-title`}
          placeholder="Ex.: Camiseta oficial"
          value={values.title}
          maxLength={MAX_REWARD_TITLE_LENGTH}
          onChange={(e) => set({ title: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Descrição</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={values.description}
          maxLength={MAX_REWARD_DESCRIPTION_LENGTH}
          onChange={(e) => set({ description: e.target.value })}
        />
      </div>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-minimum`}>Valor mínimo (R$)</label>
          <input
            id={`${id}-minimum`}
            inputMode="decimal"
            placeholder="30,00"
            value={values.minimum}
            disabled={values.chosen}
            aria-describedby={values.chosen ? `${id}-minimum-hint` : undefined}
            onChange={(e) => set({ minimum: e.target.value })}
          />
          {values.chosen && (
            <p id={`${id}-minimum-hint`} className="field__hint">
              Já escolhida: o valor mínimo não muda.
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-quantity`}>Quantidade (opcional)</label>
          <input
            id={`${id}-quantity`}
            inputMode="numeric"
            placeholder="Ilimitada"
            value={values.quantity}
            onChange={(e) => set({ quantity: e.target.value })}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-delivery`}>Entrega prevista (opcional)</label>
        <input id={`${id}-delivery`} type="month" value={values.deliveryMonth} onChange={(e) => set({ deliveryMonth: e.target.value })} />
      </div>
      <RewardQuestionFields values={values} onChange={set} maxChoices={MAX_CHOICES} />
      {!values.chosen && (
        <div className="reward-fields__actions">
          <button type="button" className="button button--ghost" onClick={onRemove}>
            Remover recompensa
          </button>
        </div>
      )}
    </fieldset>
  );
}
