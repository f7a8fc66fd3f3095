import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { Spinner } from "../../components/spinner";
import { EventCard } from "./event-card";
import type { EventListArgs } from "./filters";
import "./events.css";

/** How many cards each page brings. */
export const EVENTS_PAGE_SIZE = 12;

type EventListProps = { args: EventListArgs; eventPath: (id: string) => string };

/** The live, paginated grid of event cards for the current filters. */
export function EventList({ args, eventPath }: EventListProps) {
  const { results, status, loadMore } = usePaginatedQuery(api.events.list, args, {
    initialNumItems: EVENTS_PAGE_SIZE,
  });

  if (status === "LoadingFirstPage") return <Spinner label="Carregando eventos..." />;

  if (results.length === 0) {
    return (
      <div className="empty-state" role="status">
        <p className="empty-state__title">Nenhum evento encontrado!</p>
        <p>Tente outros filtros ou crie o seu próprio evento.</p>
      </div>
    );
  }

  return (
    <>
      <ul className="event-grid" aria-label="Eventos">
        {results.map((event) => (
          <li key={event._id}>
            <EventCard event={event} to={eventPath(event._id)} />
          </li>
        ))}
      </ul>
      {status !== "Exhausted" && (
        <div className="load-more">
          <button
            type="button"
            className="button button--secondary"
            disabled={status === "LoadingMore"}
            onClick={() => loadMore(EVENTS_PAGE_SIZE)}
          >
            {status === "LoadingMore" ? "Carregando..." : "Carregar mais"}
          </button>
        </div>
      )}
    </>
  );
}
