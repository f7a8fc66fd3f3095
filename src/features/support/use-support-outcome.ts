import { useEffect, useState } from "react";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { SupportOutcome } from "./supported-notice";

type Waiting = { supportId: string; resolve: (outcome: SupportOutcome) => void; reject: (error: Error) => void };

/**
 * A support is taken at once and applied by the event's queue a moment later: this waits, live,
 * for its outcome. `outcomeOf(id)` resolves once `supports:outcome` says it was applied or
 * refunded; `processing` is true meanwhile.
 */
export function useSupportOutcome() {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const outcome = useQuery(api.supports.outcome, waiting === null ? "skip" : { supportId: waiting.supportId });

  useEffect(() => {
    if (waiting === null || outcome === undefined || outcome?.status === "pending") return;
    if (outcome === null) waiting.reject(new Error("support not found"));
    else waiting.resolve(outcome);
    setWaiting(null);
  }, [waiting, outcome]);

  function outcomeOf(supportId: string): Promise<SupportOutcome> {
    return new Promise((resolve, reject) => setWaiting({ supportId, resolve, reject }));
  }

  return { outcomeOf, processing: waiting !== null };
}
