import { useId } from "react";
import { MAX_QUESTION_LENGTH } from "@convex/model/shared/rewards";
import type { RewardValues } from "./rewards-form";

type RewardQuestionFieldsProps = {
  values: RewardValues;
  onChange: (patch: Partial<RewardValues>) => void;
  maxChoices: number;
};

/** The question asked at support time: none, one with choices (one per line), or free text. */
export function RewardQuestionFields({ values, onChange: set, maxChoices }: RewardQuestionFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Pergunta para quem apoiar</label>
        <select
          id={`${id}-kind`}
          value={values.questionKind}
          onChange={(e) => set({ questionKind: e.target.value as RewardValues["questionKind"] })}
        >
          <option value="none">Sem pergunta</option>
          <option value="choices">Com opções</option>
          <option value="text">Resposta livre</option>
        </select>
      </div>
      {values.questionKind !== "none" && (
        <div className="field">
          <label htmlFor={`${id}-label`}>Pergunta</label>
          <input
            id={`${id}-label`}
            placeholder="Ex.: Tamanho da camiseta"
            value={values.questionLabel}
            maxLength={MAX_QUESTION_LENGTH}
            onChange={(e) => set({ questionLabel: e.target.value })}
          />
        </div>
      )}
      {values.questionKind === "choices" && (
        <div className="field">
          <label htmlFor={`${id}-choices`}>Opções (uma por linha)</label>
          <textarea
            id={`${id}-choices`}
            rows={3}
            placeholder={"P\nM\nG"}
            value={values.choices}
            aria-describedby={`${id}-choices-hint`}
            onChange={(e) => set({ choices: e.target.value })}
          />
          <p id={`${id}-choices-hint`} className="field__hint">
            Até {maxChoices} opções.
          </p>
        </div>
      )}
    </>
  );
}
