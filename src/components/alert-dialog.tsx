import type { ReactNode } from "react";
import { AlertDialog as RadixAlertDialog } from "radix-ui";
import "./components.css";

type AlertDialogProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  onClose: () => void;
  tone?: "info" | "success" | "error";
};

/** A message people must acknowledge: title, text and one `OK` button (Escape closes too). */
export function AlertDialog({ open, title, message, onClose, tone = "info" }: AlertDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className="overlay" />
        <RadixAlertDialog.Content className={`dialog dialog--alert dialog--${tone}`}>
          <span className={`dialog__icon dialog__icon--${tone}`} aria-hidden="true">
            {tone === "success" ? "✓" : tone === "error" ? "!" : "i"}
          </span>
          <RadixAlertDialog.Title className="dialog__title">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description asChild>
            <div className="dialog__text">{message}</div>
          </RadixAlertDialog.Description>
          <div className="dialog__actions dialog__actions--center">
            <RadixAlertDialog.Action className="button button--primary" onClick={onClose}>
              OK
            </RadixAlertDialog.Action>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
