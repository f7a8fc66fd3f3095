import type { ComponentPropsWithRef } from "react";

/** The bell's accessible name: "Notificações", with how many are unread when any are. */
export function bellLabel(unread: number): string {
  if (unread === 0) return "Notificações";
  return `Notificações, ${unread} ${unread === 1 ? "não lida" : "não lidas"}`;
}

type BellButtonProps = ComponentPropsWithRef<"button"> & { unread: number };

/** The header's bell with its unread count (also the trigger of the list). */
export function BellButton({ unread, ...props }: BellButtonProps) {
  return (
    <button type="button" className="bell-button" aria-label={bellLabel(unread)} {...props}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
          fill="currentColor"
        />
      </svg>
      {unread > 0 && (
        <span className="bell-button__count" aria-hidden="true" data-testid="bell-count">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </button>
  );
}
