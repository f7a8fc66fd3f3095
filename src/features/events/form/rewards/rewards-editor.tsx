import { MAX_REWARDS } from "@convex/model/shared/rewards";
import { RewardFieldset } from "./reward-fieldset";
import { emptyReward, type RewardValues } from "./rewards-form";
import "./rewards-editor.css";

type RewardsEditorProps = {
  rewards: RewardValues[];
  onChange: (rewards: RewardValues[]) => void;
};

/**
 * `Recompensas` in Criar Evento and Editar evento: what a supporter gets from a minimum amount.
 * Rewards may be added after supports came in; one someone chose keeps its minimum and stays.
 */
export function RewardsEditor({ rewards, onChange }: RewardsEditorProps) {
  return (
    <section className="rewards-editor" aria-labelledby="rewards-editor-title">
      <h3 id="rewards-editor-title" className="rewards-editor__title">
        Recompensas
      </h3>
      <p className="field__hint">
        {rewards.length === 0
          ? "Opcional: ofereça algo a quem apoiar a partir de um valor (um pôster, uma camiseta, seu nome no palco)."
          : "Quem apoiar escolhe uma recompensa ou nenhuma. Sem quantidade, ela não esgota."}
      </p>
      {rewards.map((reward, index) => (
        <RewardFieldset
          key={reward.key}
          index={index}
          values={reward}
          onChange={(patch) => onChange(rewards.map((row, i) => (i === index ? { ...row, ...patch } : row)))}
          onRemove={() => onChange(rewards.filter((_, i) => i !== index))}
        />
      ))}
      {rewards.length < MAX_REWARDS && (
        <button type="button" className="button button--secondary" onClick={() => onChange([...rewards, emptyReward()])}>
          Adicionar recompensa
        </button>
      )}
    </section>
  );
}
