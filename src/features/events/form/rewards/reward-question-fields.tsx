import { Field } from "../../../../components/field";
import { MAX_QUESTION_LENGTH } from "@convex/model/shared/rewards";
import type { RewardValues } from "./rewards-form";

type RewardQuestionFieldsProps = {
  values: RewardValues;
  onChange: (patch: Partial<RewardValues>) => void;
  maxChoices: number;
};

/** The question asked at support time: none, one with choices (one per line), or free text. */
export function RewardQuestionFields({ values, onChange: set, maxChoices }: RewardQuestionFieldsProps) {
  return (
    <>
      <Field label="Pergunta para quem apoiar">
        {(control) => (
          <select
            {...control}
            value={values.questionKind}
            onChange={(e) => set({ questionKind: e.target.value as RewardValues["questionKind"] })}
          >
            <option value="none">Sem pergunta</option>
            <option value="choices">Com opções</option>
            <option value="text">Resposta livre</option>
          </select>
        )}
      </Field>
      {values.questionKind !== "none" && (
        <Field label="Pergunta">
          {(control) => (
            <input
              {...control}
              placeholder="Ex.: Tamanho da camiseta"
              value={values.questionLabel}
              maxLength={MAX_QUESTION_LENGTH}
              onChange={(e) => set({ questionLabel: e.target.value })}
            />
          )}
        </Field>
      )}
      {values.questionKind === "choices" && (
        <Field label="Opções (uma por linha)" hint={`Até ${maxChoices} opções.`}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              placeholder={"P\nM\nG"}
              value={values.choices}
              onChange={(e) => set({ choices: e.target.value })}
            />
          )}
        </Field>
      )}
    </>
  );
}
