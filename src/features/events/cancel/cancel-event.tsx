import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { AlertDialog } from "../../../components/alert-dialog";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import type { EventDetail } from "../../../lib/api-types";
import { errorNotice } from "../../../lib/errors";

export type CancellableEvent = Pick<EventDetail, "_id" | "creatorId" | "settlement">;

/**
 * `Cancelar evento`, for the event's creator while it has not started: after a confirmation,
 * every support goes back to its supporter. The page's own queries then show it cancelled.
 */
export function CancelEvent({ event }: { event: CancellableEvent }) {
  const me = useQuery(api.users.me);
  const cancel = useMutation(api.events.cancel);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // At its date the settlement runs and `settlement` changes live, which hides the button; the
  // server refuses a cancellation that arrives in between.
  if (me?._id !== event.creatorId || event.settlement !== null) return null;

  async function confirm() {
    setPending(true);
    try {
      await cancel({ id: event._id });
    } catch (error) {
      setFailure(errorNotice(error).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="cancel-event">
      <button type="button" className="button button--danger-outline" disabled={pending} onClick={() => setConfirming(true)}>
        Cancelar evento
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancelar evento"
        message="Os apoios serão devolvidos aos apoiadores."
        cancelLabel="Manter evento"
        confirmLabel="Cancelar evento"
        onConfirm={() => void confirm()}
      />
      <AlertDialog open={failure !== null} title="Atenção" tone="error" message={failure} onClose={() => setFailure(null)} />
    </div>
  );
}
