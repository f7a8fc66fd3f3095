import type { ReactNode } from "react";
import { AlertDialog as RadixAlertDialog } from "radix-ui";
import "./components.css";

export type AlertDialogProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  onClose: () => void;
  tone?: "info" | "success" | "error";
  /** Where focus goes once the alert closes (default: back to what had it before, per Radix). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** A message people must acknowledge: title, text and one `OK` button (Escape closes too). */
export default function RadixAlertDialogView({ open, title, message, onClose, tone = "info", onCloseAutoFocus }: AlertDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className="overlay" />
        <RadixAlertDialog.Content className={`dialog dialog--alert dialog--${tone}`} onCloseAutoFocus={onCloseAutoFocus}>
          <span className={`dialog__icon dialog__icon--${tone}`} aria-hidden="true">
            {tone === "success" ? "✓" : tone === "error" ? "!" : "i"}
          </span>
          <RadixAlertDialog.Title className="dialog__title">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description asChild>
            <div className="dialog__text">{message}</div>
          </RadixAlertDialog.Description>
          <div className="dialog__actions dialog__actions--center">
            {/* Cancel, not Action: Radix focuses the Cancel button on open, so Enter cannot resubmit the form behind. */}
            <RadixAlertDialog.Cancel className="button button--primary">OK</RadixAlertDialog.Cancel>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
