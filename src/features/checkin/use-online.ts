import { useEffect, useState } from "react";
import { useConvexConnectionState } from "convex/react";

/**
 * Whether the door can reach the server: the browser says it is online and, once the page has
 * connected, the Convex connection is up. (The first connect does not count as a loss.)
 */
export function useOnline(): boolean {
  const { isWebSocketConnected, hasEverConnected } = useConvexConnectionState();
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine);

  useEffect(() => {
    const update = () => setBrowserOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  return browserOnline && (isWebSocketConnected || !hasEverConnected);
}
