import { useEffect, useState } from "react";
import { useConvexConnectionState } from "convex/react";
import "./components.css";

/** How long the first connect (or a reconnect) may take before we tell people. */
export const CONNECTION_GRACE_MS = 1500;

export const CONNECTION_LOST_TEXT = "Sem conexão com o servidor. Tentando reconectar…";

/**
 * Says so while the Convex client cannot reach the backend (queries would spin and mutations
 * wait forever otherwise). Quick connects and reconnects stay silent.
 */
export function ConnectionBanner() {
  const { isWebSocketConnected, connectionCount } = useConvexConnectionState();
  // `connectionCount` stays the same for one stretch without a connection, so it names that stretch.
  const [overdue, setOverdue] = useState<number | null>(null);

  useEffect(() => {
    if (isWebSocketConnected) return;
    const timer = setTimeout(() => setOverdue(connectionCount), CONNECTION_GRACE_MS);
    return () => clearTimeout(timer);
  }, [isWebSocketConnected, connectionCount]);

  const show = !isWebSocketConnected && overdue === connectionCount;
  return (
    <div role="status" className="connection-status">
      {show && <p className="connection-banner">{CONNECTION_LOST_TEXT}</p>}
    </div>
  );
}
