import { usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { COURTESY_MESSAGES } from "@convex/model/shared/courtesies";
import { LoadMoreButton } from "../../components/load-more-button";
import { formatDateTime } from "../../lib/dates";

const PAGE_SIZE = 25;

/** The cortesias given, oldest first: to whom, which type, and whether the ticket reached an account yet. */
export function CourtesyList({ eventId }: { eventId: string }) {
  const { results, status, loadMore } = usePaginatedQuery(api.courtesies.list, { eventId }, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") return null;
  if (results.length === 0) return <p className="org-empty">Nenhuma cortesia emitida ainda.</p>;
  return (
    <>
      <ul className="org-list">
        {results.map((row) => (
          <li key={row._id} className="org-list__item">
            <strong className="org-list__main">{row.email}</strong>
            <span>
              {row.typeName} · {formatDateTime(row.issuedAt)} ·{" "}
              {row.delivered ? `${COURTESY_MESSAGES.delivered}${row.holderName ? ` a ${row.holderName}` : ""}` : COURTESY_MESSAGES.awaiting}
            </span>
          </li>
        ))}
      </ul>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <LoadMoreButton loading={status === "LoadingMore"} onClick={() => loadMore(PAGE_SIZE)} />
      )}
    </>
  );
}
