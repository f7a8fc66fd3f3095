import { useId } from "react";
import { formatBRL } from "@convex/model/shared/money";
import { MAX_ANSWER_LENGTH } from "@convex/model/shared/rewards";
import { Field, Options, RadioOption } from "../../components/field";
import type { OfferedReward, RewardPick } from "./reward-choice";

type RewardPickerProps = {
  rewards: OfferedReward[];
  pick: RewardPick;
  /** A reward picked: the panel fills the amount with its minimum when less was typed. */
  onPick: (pick: RewardPick, reward: OfferedReward | null) => void;
  disabled: boolean;
};

function optionText(reward: OfferedReward): string {
  const left = reward.remaining === null ? "" : reward.soldOut ? " · Esgotada" : ` · Restam ${reward.remaining}`;
  return `${reward.title} · a partir de ${formatBRL(reward.minimumCents)}${left}`;
}

/** `Sem recompensa` or one of the event's rewards, and the answer to its question. */
export function RewardPicker({ rewards, pick, onPick, disabled }: RewardPickerProps) {
  const id = useId();
  const chosen = rewards.find((reward) => reward._id === pick.rewardId) ?? null;
  const question = chosen?.question ?? null;
  return (
    <fieldset className="reward-picker" disabled={disabled}>
      <legend className="reward-picker__legend">Recompensa</legend>
      <RadioOption
        className="reward-picker__option"
        name={`${id}-reward`}
        label="Sem recompensa"
        checked={pick.rewardId === null}
        onSelect={() => onPick({ rewardId: null, answer: "" }, null)}
      />
      {rewards.map((reward) => (
        <RadioOption
          key={reward._id}
          className="reward-picker__option"
          name={`${id}-reward`}
          label={optionText(reward)}
          checked={pick.rewardId === reward._id}
          disabled={reward.soldOut}
          onSelect={() => onPick({ rewardId: reward._id, answer: "" }, reward)}
        />
      ))}
      {question !== null && (
        <Field label={question.label} className="reward-picker__question">
          {(control) =>
            question.choices === undefined ? (
              <input
                {...control}
                value={pick.answer}
                maxLength={MAX_ANSWER_LENGTH}
                onChange={(e) => onPick({ ...pick, answer: e.target.value }, chosen)}
              />
            ) : (
              <select {...control} value={pick.answer} onChange={(e) => onPick({ ...pick, answer: e.target.value }, chosen)}>
                <option value="">Selecione</option>
                <Options values={question.choices} />
              </select>
            )
          }
        </Field>
      )}
    </fieldset>
  );
}
