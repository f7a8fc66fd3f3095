import { AlertDialog as RadixAlertDialog } from "radix-ui";
import "./components.css";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
};

/** Asks before an action that cannot be undone; focus starts on the safe choice (Radix Cancel). */
export function ConfirmDialog({ open, onOpenChange, title, message, confirmLabel, cancelLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className="overlay" />
        <RadixAlertDialog.Content className="dialog dialog--alert dialog--error">
          <span className="dialog__icon dialog__icon--error" aria-hidden="true">
            !
          </span>
          <RadixAlertDialog.Title className="dialog__title">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="dialog__text">{message}</RadixAlertDialog.Description>
          <div className="dialog__actions dialog__actions--center">
            <RadixAlertDialog.Cancel className="button button--secondary">{cancelLabel}</RadixAlertDialog.Cancel>
            <RadixAlertDialog.Action className="button button--danger" onClick={onConfirm}>
              {confirmLabel}
            </RadixAlertDialog.Action>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
