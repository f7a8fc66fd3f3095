import { useState } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { cancelWindowRefusal } from "@convex/model/shared/buyerRights";
import { formatBRL } from "@convex/model/shared/money";
import { AlertDialog } from "../../components/alert-dialog";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorNotice } from "../../lib/errors";

export type CancellablePurchase = { _id: Id<"ticketPurchases">; purchasedAt: number; units: number; amountCents: number };

type CancelPurchaseProps = { purchase: CancellablePurchase; eventName: string; eventStartsAt: number; now: number };

/**
 * `Cancelar compra` on a ticket of Meus Ingressos, offered exactly while the server would accept
 * it (7 days from buying, 48 h before the event): a confirmation saying what comes back, then
 * the whole purchase is cancelled and the list shows its tickets cancelled, live.
 */
export function CancelPurchase({ purchase, eventName, eventStartsAt, now }: CancelPurchaseProps) {
  const cancel = useMutation(api.ticketPurchases.cancel);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (cancelWindowRefusal(purchase.purchasedAt, eventStartsAt, now) !== null && failure === null) return null;

  async function confirm() {
    setPending(true);
    try {
      await cancel({ purchaseId: purchase._id });
    } catch (error) {
      setFailure(errorNotice(error).message);
    } finally {
      setPending(false);
    }
  }

  const tickets =
    purchase.units === 1 ? "o ingresso desta compra será cancelado" : `os ${purchase.units} ingressos desta compra serão cancelados`;
  return (
    <>
      <button type="button" className="button button--danger-outline ticket__action" disabled={pending} onClick={() => setConfirming(true)}>
        Cancelar compra
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancelar compra"
        message={`Em ${eventName}, ${tickets} e ${formatBRL(purchase.amountCents)} voltam para a sua carteira agora.`}
        cancelLabel="Manter ingressos"
        confirmLabel="Cancelar compra"
        onConfirm={() => void confirm()}
      />
      <AlertDialog open={failure !== null} title="Atenção" tone="error" message={failure} onClose={() => setFailure(null)} />
    </>
  );
}
