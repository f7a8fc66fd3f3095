import { lazy, Suspense, useState } from "react";
import type { AlertDialogProps } from "./radix-alert-dialog";
import "./components.css";

// Radix's dialog (focus trap, scroll lock, layers) is ~14 kB gzip that most visits never show:
// it loads the first time an alert opens, not with the page.
const RadixAlertDialogView = lazy(() => import("./radix-alert-dialog"));

/**
 * A message people must acknowledge: title, text and one `OK` button (Escape closes too).
 * Nothing renders until it first opens; from then on it stays mounted, so closing behaves as
 * Radix's does (focus goes back, or to `onCloseAutoFocus`).
 */
export function AlertDialog(props: AlertDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <RadixAlertDialogView {...props} />
    </Suspense>
  );
}
