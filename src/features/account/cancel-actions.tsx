import { useState } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { cancelWindowRefusal } from "@convex/model/shared/buyerRights";
import { formatBRL } from "@convex/model/shared/money";
import { AlertDialog } from "../../components/alert-dialog";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorNotice } from "../../lib/errors";

type CancelButtonProps = { label: string; keepLabel: string; message: string; onConfirm: () => Promise<unknown> };

/** A cancel button that asks first (saying what comes back) and shows the server's refusal, if any. */
function ConfirmedCancel({ label, keepLabel, message, onConfirm }: CancelButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(errorNotice(error).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button type="button" className="button button--danger-outline ticket__action" disabled={pending} onClick={() => setConfirming(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={label}
        message={message}
        cancelLabel={keepLabel}
        confirmLabel={label}
        onConfirm={() => void confirm()}
      />
      <AlertDialog open={failure !== null} title="Atenção" tone="error" message={failure} onClose={() => setFailure(null)} />
    </>
  );
}

export type CancellablePurchase = { _id: Id<"ticketPurchases">; purchasedAt: number; units: number; amountCents: number };

type CancelPurchaseProps = { purchase: CancellablePurchase; eventName: string; eventStartsAt: number; now: number };

/**
 * `Cancelar compra` on a ticket of Meus Ingressos, offered exactly while the server would accept
 * it (7 days from buying, 48 h before the event); the list then shows its tickets cancelled, live.
 */
export function CancelPurchase({ purchase, eventName, eventStartsAt, now }: CancelPurchaseProps) {
  const cancel = useMutation(api.ticketPurchases.cancel);
  if (cancelWindowRefusal(purchase.purchasedAt, eventStartsAt, now) !== null) return null;
  const tickets =
    purchase.units === 1 ? "o ingresso desta compra será cancelado" : `os ${purchase.units} ingressos desta compra serão cancelados`;
  return (
    <ConfirmedCancel
      label="Cancelar compra"
      keepLabel="Manter ingressos"
      message={`Em ${eventName}, ${tickets} e ${formatBRL(purchase.amountCents)} voltam para a sua carteira agora.`}
      onConfirm={() => cancel({ purchaseId: purchase._id })}
    />
  );
}

type CancelSupportProps = {
  ticketId: Id<"tickets">;
  support: { supportedAt: number; amountCents: number };
  eventName: string;
  eventStartsAt: number;
  now: number;
};

/**
 * `Cancelar apoio` on a support's ticket, in the same windows; the server also refuses once the
 * event stopped collecting (its goal reached), which the list learns only from the refusal.
 */
export function CancelSupport({ ticketId, support, eventName, eventStartsAt, now }: CancelSupportProps) {
  const cancel = useMutation(api.tickets.cancelSupport);
  if (cancelWindowRefusal(support.supportedAt, eventStartsAt, now) !== null) return null;
  return (
    <ConfirmedCancel
      label="Cancelar apoio"
      keepLabel="Manter apoio"
      message={`Seu apoio a ${eventName} será cancelado, com o ingresso, e ${formatBRL(support.amountCents)} voltam para a sua carteira agora.`}
      onConfirm={() => cancel({ ticketId })}
    />
  );
}
