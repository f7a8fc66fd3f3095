import { useEffect, useState } from "react";

/**
 * The time, moving on every `everyMs`: a lote that ends by date closes while the page is open, as
 * does a purchase's cancellation window in Meus Ingressos, and a query cannot follow the clock,
 * so the screen asks the browser's.
 */
export function useClock(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
