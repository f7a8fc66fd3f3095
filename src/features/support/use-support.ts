import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { EventDetail } from "../../lib/api-types";
import { addSupportOptimistically, withSupport } from "./optimistic-support";
import type { SupportOutcome } from "./supported-notice";

type Sent = { eventId: string; supportId: string; queued: boolean; amountCents: number; firstSupport: boolean };

/**
 * Supporting an event from its page. `support(amountCents)` sends the support with an optimistic
 * update, so the supporter's wallet and the event's figures move at once. Its outcome is read
 * live with `supports:outcome` while there is one to wait for (skipped otherwise; nothing stays
 * subscribed once the page goes away). A support taken by the event's queue is not in the
 * server's figures until the worker applies it: `shown(event)` keeps it in them meanwhile, and
 * drops it if it is refunded. `outcome` is the final one (applied or refunded) until `seen()`.
 */
export function useSupport(eventId: string) {
  const send = useMutation(api.supports.support).withOptimisticUpdate(addSupportOptimistically);
  const mine = useQuery(api.supports.mine, { eventId });
  const [sent, setSent] = useState<Sent | null>(null);
  const current = sent?.eventId === eventId ? sent : null;
  const answer = useQuery(api.supports.outcome, current === null ? "skip" : { supportId: current.supportId });
  const outcome: SupportOutcome | null = answer == null || answer.status === "pending" ? null : answer;
  /** Taken, and not applied or refunded yet. */
  const settling = current !== null && answer !== null && outcome === null;
  /** Waiting in the event's queue (its amount is not in the server's figures yet). */
  const queuedCents = settling && current.queued ? current.amountCents : 0;

  /**
   * `choice`: the reward picked and the answer to its question (none: `Sem recompensa`), and
   * whether the supporter hides their name (`Apoiar sem mostrar meu nome`).
   */
  async function support(amountCents: number, choice: { rewardId?: string; answer?: string; anonymous?: boolean } = {}): Promise<void> {
    const firstSupport = mine?.supported === false;
    const { supportId, queued } = await send({ eventId, amountCents, ...choice });
    setSent({ eventId, supportId, queued, amountCents, firstSupport });
  }

  return {
    support,
    outcome,
    settling,
    processing: queuedCents > 0,
    queuedCents,
    shown: (event: EventDetail) => (current === null || queuedCents === 0 ? event : withSupport(event, queuedCents, current.firstSupport)),
    seen: () => setSent(null),
  };
}

export type SupportFlow = ReturnType<typeof useSupport>;
