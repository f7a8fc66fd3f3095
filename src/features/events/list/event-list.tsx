import { useState } from "react";
import { usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { EmptyState } from "../../../components/empty-state";
import { LoadMoreButton } from "../../../components/load-more-button";
import { Spinner } from "../../../components/spinner";
import { EventCard } from "./event-card";
import type { EventListArgs } from "../filters/filters";
import "../events.css";

/** How many cards each page brings. */
export const EVENTS_PAGE_SIZE = 12;

type EventListProps = { args: EventListArgs; eventPath: (id: string) => string };

/** The live, paginated grid of event cards for the current filters. */
export function EventList({ args, eventPath }: EventListProps) {
  const { results, status, loadMore } = usePaginatedQuery(api.events.list, args, {
    initialNumItems: EVENTS_PAGE_SIZE,
  });

  // While new filters load, keep showing the previous cards (dimmed) instead of a blank page.
  const [lastLoaded, setLastLoaded] = useState(results);
  const loadingNewFilters = status === "LoadingFirstPage";
  if (!loadingNewFilters && lastLoaded !== results) setLastLoaded(results);
  const shown = loadingNewFilters ? lastLoaded : results;

  if (loadingNewFilters && shown.length === 0) return <Spinner label="Carregando eventos..." />;

  // A name search filters within each page the server reads, so a page can come back empty
  // while later ones hold matches: that is not "nothing found" until the last page.
  if (shown.length === 0 && status !== "Exhausted") {
    return (
      <EmptyState title="Nenhum evento encontrado até aqui." role="status">
        <LoadMoreButton loading={status === "LoadingMore"} onClick={() => loadMore(EVENTS_PAGE_SIZE)} />
      </EmptyState>
    );
  }

  if (shown.length === 0) {
    return (
      <EmptyState title="Nenhum evento encontrado!" role="status">
        <p>Tente outros filtros ou crie o seu próprio evento.</p>
      </EmptyState>
    );
  }

  return (
    <>
      <ul className={`event-grid${loadingNewFilters ? " event-grid--stale" : ""}`} aria-label="Eventos" aria-busy={loadingNewFilters}>
        {shown.map((event, index) => (
          <li key={event._id}>
            <EventCard event={event} to={eventPath(event._id)} priority={index === 0} />
          </li>
        ))}
      </ul>
      {status !== "Exhausted" && !loadingNewFilters && (
        <LoadMoreButton loading={status === "LoadingMore"} onClick={() => loadMore(EVENTS_PAGE_SIZE)} />
      )}
    </>
  );
}
