import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import "./timeline.css";

const SupportTimelineChart = lazy(() => import("./support-timeline-chart"));

/** How early, before it scrolls into view, the chart starts loading. */
const PRELOAD_MARGIN = "200px";

/**
 * "Evolução dos apoios", below the fold of the event page: the heading is part of the page,
 * the chart's code and data load only when the section comes near the screen.
 */
export function SupportTimeline({ eventId }: { eventId: string }) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) there is nothing to wait for.
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");

  useEffect(() => {
    const section = ref.current;
    if (section === null || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [near]);

  return (
    <section ref={ref} className="page-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="timeline__heading">
        Evolução dos apoios
      </h2>
      {near ? (
        <Suspense fallback={<div className="timeline__placeholder" />}>
          <SupportTimelineChart eventId={eventId} />
        </Suspense>
      ) : (
        <div className="timeline__placeholder" />
      )}
    </section>
  );
}
