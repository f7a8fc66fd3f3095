import { Field } from "../../../../components/field";
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
  return (
    <fieldset className="reward-fields">
      <legend className="reward-fields__title">Recompensa {index + 1}</legend>
      <Field label="Título">
        {(control) => (
          <input
            {...control}
            placeholder="Ex.: Camiseta oficial"
            value={values.title}
            maxLength={MAX_REWARD_TITLE_LENGTH}
            onChange={(e) => set({ title: e.target.value })}
          />
        )}
      </Field>
      <Field label="Descrição">
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={values.description}
            maxLength={MAX_REWARD_DESCRIPTION_LENGTH}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </Field>
      <div className="form__row">
        <Field label="Valor mínimo (R$)" hint={values.chosen ? "Já escolhida: o valor mínimo não muda." : undefined}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              placeholder="30,00"
              value={values.minimum}
              disabled={values.chosen}
              onChange={(e) => set({ minimum: e.target.value })}
            />
          )}
        </Field>
        <Field label="Quantidade (opcional)">
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              placeholder="Ilimitada"
              value={values.quantity}
              onChange={(e) => set({ quantity: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Field label="Entrega prevista (opcional)">
        {(control) => (
          <input {...control} type="month" value={values.deliveryMonth} onChange={(e) => set({ deliveryMonth: e.target.value })} />
        )}
      </Field>
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
