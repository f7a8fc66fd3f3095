import type { RefObject } from "react";
import { Link } from "react-router-dom";
import { usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { EmptyState } from "../../components/empty-state";
import { LoadMoreButton } from "../../components/load-more-button";
import { Modal } from "../../components/modal";
import { Spinner } from "../../components/spinner";
import { formatDateTime } from "../../lib/dates";
import "./rewards.css";

export const MY_SUPPORTS_PAGE_SIZE = 20;

type MySupportsModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** The event page's link (route paths live in the app, not in a feature). */
  eventHref: (eventId: string) => string;
};

/**
 * `Meus apoios`: each of the person's supports with its event, amount, reward, answer and state
 * (`Confirmado`, `Estornado`), newest first, live (a refund shows the moment it is made).
 */
export default function MySupportsModal({ open, onOpenChange, returnFocusRef, eventHref }: MySupportsModalProps) {
  const { results, status, loadMore } = usePaginatedQuery(api.supports.list, open ? {} : "skip", {
    initialNumItems: MY_SUPPORTS_PAGE_SIZE,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} returnFocusRef={returnFocusRef} title="Meus apoios">
      {status === "LoadingFirstPage" ? (
        <Spinner />
      ) : results.length === 0 ? (
        <EmptyState title="Nenhum apoio ainda.">
          <p>Os eventos que você apoiar aparecem aqui.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="my-supports" aria-label="Seus apoios">
            {results.map((row) => (
              <li key={row._id} className="my-support">
                <div className="my-support__top">
                  <Link className="my-support__event" to={eventHref(row.eventId)} onClick={() => onOpenChange(false)}>
                    {row.eventName}
                  </Link>
                  <strong>{formatBRL(row.amountCents)}</strong>
                </div>
                <p className="my-support__detail">
                  Recompensa: {row.rewardTitle ?? "Sem recompensa"}
                  {row.answer !== null && ` · Resposta: ${row.answer}`}
                </p>
                <p className="my-support__detail">
                  <time dateTime={new Date(row.at).toISOString()}>{formatDateTime(row.at)}</time> ·{" "}
                  <span className={`my-support__state--${row.state}`}>{row.state}</span>
                </p>
              </li>
            ))}
          </ul>
          {status !== "Exhausted" && <LoadMoreButton loading={status === "LoadingMore"} onClick={() => loadMore(MY_SUPPORTS_PAGE_SIZE)} />}
        </>
      )}
    </Modal>
  );
}
