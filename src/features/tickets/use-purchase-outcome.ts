import { useState } from "react";
import { useConvex } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";

export type PurchaseOutcome = Exclude<NonNullable<FunctionReturnType<typeof api.ticketPurchases.outcome>>, { status: "pending" }>;

/**
 * A purchase is paid at once and decided by the event's queue a moment later: `outcomeOf(id)`
 * watches `ticketPurchases:outcome` live and resolves once its tickets are issued or it was
 * refunded; `processing` is true meanwhile.
 */
export function usePurchaseOutcome() {
  const convex = useConvex();
  const [processing, setProcessing] = useState(false);

  function outcomeOf(purchaseId: string): Promise<PurchaseOutcome> {
    setProcessing(true);
    const watch = convex.watchQuery(api.ticketPurchases.outcome, { purchaseId });
    return new Promise<PurchaseOutcome>((resolve, reject) => {
      let unsubscribe: (() => void) | null = null;
      const check = () => {
        const outcome = watch.localQueryResult();
        if (outcome === undefined || outcome?.status === "pending") return;
        unsubscribe?.();
        unsubscribe = () => {};
        if (outcome === null) reject(new Error("purchase not found"));
        else resolve(outcome);
      };
      unsubscribe = watch.onUpdate(check);
      check();
    }).finally(() => setProcessing(false));
  }

  return { outcomeOf, processing };
}
