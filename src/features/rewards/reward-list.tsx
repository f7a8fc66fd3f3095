import { useId } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { deliveryLabel } from "@convex/model/shared/rewards";
import "./rewards.css";

/** `Restam N` for a limited reward, `Esgotada` once all are taken, nothing for an unlimited one. */
export function availabilityText(reward: { remaining: number | null }): string | null {
  if (reward.remaining === null) return null;
  return reward.remaining === 0 ? "Esgotada" : `Restam ${reward.remaining}`;
}

/**
 * The event page's `Recompensas`: each with its minimum, delivery and what is left, live (a
 * support elsewhere moves `Restam N` here as the event's queue decides it). None: nothing shown.
 */
export function RewardList({ eventId }: { eventId: string }) {
  const id = useId();
  const rewards = useQuery(api.rewards.list, { eventId });
  if (rewards === undefined || rewards.length === 0) return null;
  return (
    <section className="rewards" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="rewards__heading">
        Recompensas
      </h2>
      <ul className="rewards__list">
        {rewards.map((reward) => {
          const availability = availabilityText(reward);
          return (
            <li key={reward._id} className={`reward${reward.soldOut ? " reward--sold-out" : ""}`}>
              <div className="reward__top">
                <h3 className="reward__title">{reward.title}</h3>
                <span className="reward__minimum">A partir de {formatBRL(reward.minimumCents)}</span>
              </div>
              {reward.description !== "" && <p className="reward__description">{reward.description}</p>}
              <p className="reward__meta">
                {reward.deliveryMonth !== null && <span>Entrega prevista: {deliveryLabel(reward.deliveryMonth)}</span>}
                {availability !== null && (
                  <span className={`reward__left${reward.soldOut ? " reward__left--gone" : ""}`} aria-live="polite">
                    {availability}
                  </span>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
