import { useState } from "react";
import { useConvex } from "convex/react";
import { api } from "@convex/_generated/api";
import type { SupportOutcome } from "./supported-notice";

/**
 * A support is taken at once and applied by the event's queue a moment later: `outcomeOf(id)`
 * watches `supports:outcome` live and resolves once it says applied or refunded; `processing`
 * is true meanwhile.
 */
export function useSupportOutcome() {
  const convex = useConvex();
  const [processing, setProcessing] = useState(false);

  function outcomeOf(supportId: string): Promise<SupportOutcome> {
    setProcessing(true);
    const watch = convex.watchQuery(api.supports.outcome, { supportId });
    return new Promise<SupportOutcome>((resolve, reject) => {
      let unsubscribe: (() => void) | null = null;
      const check = () => {
        const outcome = watch.localQueryResult();
        if (outcome === undefined || outcome?.status === "pending") return;
        unsubscribe?.();
        unsubscribe = () => {};
        if (outcome === null) reject(new Error("support not found"));
        else resolve(outcome);
      };
      unsubscribe = watch.onUpdate(check);
      check();
    }).finally(() => setProcessing(false));
  }

  return { outcomeOf, processing };
}
