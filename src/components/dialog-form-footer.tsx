/**
 * The end of a form in a dialog: the refusal the server gave (announced as an alert) and the
 * submit button, disabled while the request is on its way so a second click sends nothing.
 */
export function DialogFormFooter({ error, pending, submitLabel }: { error: string | null; pending: boolean; submitLabel: string }) {
  return (
    <>
      {error !== null && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
