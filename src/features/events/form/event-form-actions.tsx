/** The button row under the create and edit event forms: Cancelar closes, the submit button says what it is doing. */
export function EventFormActions({
  onCancel,
  busy,
  pending,
  label,
  pendingLabel,
}: {
  onCancel: () => void;
  /** The submit button is disabled (a save is in flight or just finished). */
  busy: boolean;
  /** A save is in flight: the button shows `pendingLabel`. */
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--ghost" onClick={onCancel}>
        Cancelar
      </button>
      <button type="submit" className="button button--primary" disabled={busy}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
