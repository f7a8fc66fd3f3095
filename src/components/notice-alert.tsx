import type { Notice } from "../lib/notice";
import { AlertDialog } from "./alert-dialog";

type NoticeAlertProps = {
  notice: Notice | null;
  onClose: () => void;
  /** Where focus goes once the alert closes (default: back to what had it before). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** The alert a form shows its notice in; closed while there is none. */
export function NoticeAlert({ notice, onClose, onCloseAutoFocus }: NoticeAlertProps) {
  return (
    <AlertDialog
      open={notice !== null}
      title={notice?.title ?? ""}
      tone={notice?.tone ?? "info"}
      message={
        notice?.detail === undefined ? (
          (notice?.message ?? "")
        ) : (
          <>
            <p>{notice.message}</p>
            <p className="ticket-code">{notice.detail}</p>
          </>
        )
      }
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
