import { useState } from "react";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { ATTENTION_TITLE, type Notice } from "../../lib/notice";
import { useSubmitWithNotice } from "../../lib/use-submit-with-notice";

type AnyOutcome = NonNullable<FunctionReturnType<typeof api.ticketPurchases.outcome>>;
export type PurchaseOutcome = Exclude<AnyOutcome, { status: "pending" }>;

/**
 * A purchase is paid at once and decided by the event's queue a moment later. After
 * `follow(id)` its outcome is read live with `ticketPurchases:outcome`: `processing` while the
 * queue has not decided, then `outcome` (tickets issued, or refunded) until `seen()`. Nothing
 * stays subscribed once the form goes away; a purchase the query no longer finds ends the wait.
 */
export function usePurchaseOutcome() {
  const [purchaseId, setPurchaseId] = useState<string | null>(null);
  const answer = useQuery(api.ticketPurchases.outcome, purchaseId === null ? "skip" : { purchaseId });
  const outcome: PurchaseOutcome | null = answer == null || answer.status === "pending" ? null : answer;

  return {
    follow: setPurchaseId,
    processing: purchaseId !== null && answer !== null && outcome === null,
    outcome,
    seen: () => setPurchaseId(null),
  };
}

/** What the buyer is told once the queue has decided (the buy form and the waiting list's hold). */
export function outcomeNotice(outcome: PurchaseOutcome): Notice {
  if (outcome.status === "refunded")
    return { title: ATTENTION_TITLE, message: `${outcome.refusal} O valor voltou para a sua carteira.`, tone: "error" };
  // Cancelled from Meus Ingressos while this notice was still open.
  if (outcome.status === "cancelled") return { title: "Compra cancelada", message: "O valor voltou para a sua carteira.", tone: "success" };
  const many = outcome.units > 1;
  return {
    title: "Compra confirmada!",
    message: `${many ? `Seus ${outcome.units} ingressos estão` : "Seu ingresso está"} em Meus Ingressos.`,
    detail: outcome.ticketCodes.join(" "),
    tone: "success",
  };
}

/**
 * What came of the buy form's purchase: a refusal at the door (`submit`'s notice) or the queue's
 * decision (`purchase`). Held by whatever stays on the page while the form goes away (the last
 * unit sold takes the form with it), so the buyer of the last ticket still reads
 * `Compra confirmada!`, and a purchase refused or refunded in the race for it, its reason.
 */
export function usePurchaseResult() {
  const form = useSubmitWithNotice();
  const purchase = usePurchaseOutcome();
  return {
    ...form,
    purchase,
    notice: form.notice ?? (purchase.outcome && outcomeNotice(purchase.outcome)),
    close: () => {
      form.close();
      purchase.seen();
    },
  };
}

export type PurchaseResult = ReturnType<typeof usePurchaseResult>;
