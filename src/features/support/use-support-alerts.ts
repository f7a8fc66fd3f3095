import { useEffect, useRef, useState } from "react";
import type { Notice } from "../../lib/notice";
import { useSubmitWithNotice } from "../../lib/use-submit-with-notice";
import { outcomeNotice } from "./supported-notice";
import type { SupportFlow } from "./use-support";

/**
 * The support panel's alerts: the submit's notices, each also announced to screen readers, and
 * the queued support's outcome once it comes. `goalJustReached` tells where focus goes when
 * the alert closes (read then, when the notice is already gone).
 */
export function useSupportAlerts(support: SupportFlow) {
  const [announcement, setAnnouncement] = useState("");
  const goalJustReached = useRef(false);
  const alerts = useSubmitWithNotice((next: Notice) => {
    if (next.tone === "error") goalJustReached.current = false;
    setAnnouncement([next.title, next.message, next.detail].filter(Boolean).join(" "));
  });
  const { show } = alerts;
  const { outcome, seen } = support;

  // The outcome, once the support was applied or refunded (its figures have already moved, or moved back).
  useEffect(() => {
    if (outcome === null) return;
    goalJustReached.current = outcome.status === "applied" && outcome.goalReached;
    show(outcomeNotice(outcome));
    seen();
  }, [outcome, show, seen]);

  return { ...alerts, announcement, announce: setAnnouncement, goalJustReached };
}
