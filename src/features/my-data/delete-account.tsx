import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { DELETION_TEXTS } from "@convex/model/shared/privacy";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorNotice } from "../../lib/errors";

/**
 * `Excluir minha conta`: the server's reasons it cannot go yet (each with what to do), live; else
 * a confirmation saying what goes and what stays. The server checks again when it is confirmed.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const check = useQuery(api.myData.deletionCheck);
  const deleteMyAccount = useMutation(api.myData.deleteMyAccount);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (check === undefined || check === null) return null;
  const { blockers, promoCents } = check;

  async function confirm() {
    setError(null);
    try {
      await deleteMyAccount({});
      onDeleted();
    } catch (failure) {
      setError(errorNotice(failure).message);
    }
  }

  const message = [DELETION_TEXTS.whatGoes, DELETION_TEXTS.whatStays, ...(promoCents > 0 ? [DELETION_TEXTS.promoLost(promoCents)] : [])];
  return (
    <div className="my-data__delete">
      <p>{DELETION_TEXTS.whatGoes}</p>
      <p>{DELETION_TEXTS.whatStays}</p>
      {blockers.length > 0 && (
        <div className="my-data__blockers" role="status">
          <p className="my-data__blockers-title">{DELETION_TEXTS.refusedTitle}</p>
          <ul>
            {blockers.map((blocker) => (
              <li key={blocker.reason}>
                {blocker.reason} <strong>{blocker.whatToDo}</strong>
              </li>
            ))}
          </ul>
        </div>
      )}
      <button type="button" className="button button--danger-outline" disabled={blockers.length > 0} onClick={() => setConfirming(true)}>
        {DELETION_TEXTS.title}
      </button>
      {error !== null && (
        <p className="note note--cancelled" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${DELETION_TEXTS.title}?`}
        message={message.join(" ")}
        confirmLabel={DELETION_TEXTS.confirm}
        cancelLabel="Voltar"
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
