import { useState } from "react";
import { useConvex } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { watchQueryUntil } from "../../lib/watch-query-until";

type AnyOutcome = NonNullable<FunctionReturnType<typeof api.ticketPurchases.outcome>>;
export type PurchaseOutcome = Exclude<AnyOutcome, { status: "pending" }>;

const decided = (outcome: AnyOutcome): outcome is PurchaseOutcome => outcome.status !== "pending";

/**
 * A purchase is paid at once and decided by the event's queue a moment later: `outcomeOf(id)`
 * resolves once `ticketPurchases:outcome` says its tickets were issued or it was refunded;
 * `processing` is true meanwhile.
 */
export function usePurchaseOutcome() {
  const convex = useConvex();
  const [processing, setProcessing] = useState(false);

  function outcomeOf(purchaseId: string): Promise<PurchaseOutcome> {
    setProcessing(true);
    return watchQueryUntil(convex, api.ticketPurchases.outcome, { purchaseId }, decided).finally(() => setProcessing(false));
  }

  return { outcomeOf, processing };
}
