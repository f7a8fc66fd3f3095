import { lazy, Suspense, useId } from "react";
import { usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { LoadMoreButton } from "../../components/load-more-button";
import { Spinner } from "../../components/spinner";
import { formatDateTime } from "../../lib/dates";
import "./updates.css";

// Only the organizer writes Novidades: the form loads for them alone.
const UpdateForm = lazy(() => import("./update-form").then((module) => ({ default: module.UpdateForm })));

export const UPDATES_PAGE_SIZE = 5;

/** "Novidades do evento": the organizer's posts, newest first, live; the organizer also writes them here. */
export function EventUpdates({ eventId, canPost }: { eventId: string; canPost: boolean }) {
  const headingId = useId();
  const { results, status, loadMore } = usePaginatedQuery(api.updates.list, { eventId }, { initialNumItems: UPDATES_PAGE_SIZE });

  return (
    <section className="page-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="updates__heading">
        Novidades do evento
      </h2>
      {canPost && (
        <Suspense fallback={null}>
          <UpdateForm eventId={eventId} />
        </Suspense>
      )}
      {status === "LoadingFirstPage" ? (
        <Spinner />
      ) : results.length === 0 ? (
        <p className="updates__empty">O organizador ainda não publicou novidades.</p>
      ) : (
        <ol className="updates__list">
          {results.map((update) => (
            <li key={update._id} className="update">
              <article>
                <h3 className="update__title">{update.title}</h3>
                <p className="update__date">
                  <time dateTime={new Date(update.at).toISOString()}>{formatDateTime(update.at)}</time>
                </p>
                <p className="update__body">{update.body}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      {status !== "Exhausted" && status !== "LoadingFirstPage" && (
        <LoadMoreButton loading={status === "LoadingMore"} onClick={() => loadMore(UPDATES_PAGE_SIZE)} />
      )}
    </section>
  );
}
