import { lazy, Suspense } from "react";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { BellButton } from "./bell-button";
import type { NotificationHref } from "./notification-list";
import "./notifications.css";

// The list and its popover (Radix) load on first render of a signed-in header, not with "/".
const NotificationPopover = lazy(() => import("./notification-popover"));

/** The header's bell for signed-in people: a live unread count, read from one small document. */
export function NotificationBell({ hrefOf }: { hrefOf: NotificationHref }) {
  const { isAuthenticated } = useConvexAuth();
  const unread = useQuery(api.notifications.unreadCount, isAuthenticated ? {} : "skip");
  if (!isAuthenticated || unread === undefined) return null;
  return (
    <Suspense fallback={<BellButton unread={unread} disabled />}>
      <NotificationPopover unread={unread} hrefOf={hrefOf} />
    </Suspense>
  );
}
