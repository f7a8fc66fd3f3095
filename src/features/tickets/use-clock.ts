import { useEffect, useState } from "react";

/**
 * The time, moving on every `everyMs`: a lote that ends by date closes while the page is open,
 * and a query cannot follow the clock, so the `Ingressos` block asks the browser's.
 */
export function useClock(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
