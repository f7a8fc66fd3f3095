import type { ReactNode, RefObject } from "react";
import { Dialog } from "radix-ui";
import "./components.css";

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  size?: "small" | "medium" | "large";
  /** Where focus goes back to on close (e.g. the menu button that opened it). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** What gets focus when it opens (e.g. the first field); by default the first focusable, "Fechar". */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

/** A dialog with a title and a close button; Radix traps focus and closes on Escape. */
export function Modal({ open, onOpenChange, title, description, children, size = "medium", returnFocusRef, initialFocusRef }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className={`dialog dialog--${size}`}
          onOpenAutoFocus={(event) => {
            const target = initialFocusRef?.current;
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef?.current;
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          {...(description === undefined ? { "aria-describedby": undefined } : {})}
        >
          <header className="dialog__header">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Fechar">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          {description !== undefined && <Dialog.Description className="dialog__description">{description}</Dialog.Description>}
          <div className="dialog__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
