import { useMutation, usePaginatedQuery } from "convex/react";
import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { LoadMoreButton } from "../../components/load-more-button";
import { Spinner } from "../../components/spinner";
import { formatDateTime } from "../../lib/dates";

export const NOTIFICATIONS_PAGE_SIZE = 10;

/** Where a notification leads: its event's page or chat (the app knows the routes). */
export type NotificationHref = (target: "chat" | "event", eventId: string) => string;

type NotificationListProps = { unread: number; hrefOf: NotificationHref; onNavigate: () => void };

/** The caller's notifications, newest first, live; opening one marks it read. */
export function NotificationList({ unread, hrefOf, onNavigate }: NotificationListProps) {
  const { results, status, loadMore } = usePaginatedQuery(api.notifications.list, {}, { initialNumItems: NOTIFICATIONS_PAGE_SIZE });
  const markRead = useMutation(api.notifications.markRead);
  const markAllRead = useMutation(api.notifications.markAllRead);

  return (
    <div className="notifications__body">
      <div className="notifications__header">
        <h2 className="notifications__title">Notificações</h2>
        <button type="button" className="button button--ghost button--small" disabled={unread === 0} onClick={() => void markAllRead()}>
          Marcar todas como lidas
        </button>
      </div>
      {status === "LoadingFirstPage" ? (
        <Spinner />
      ) : results.length === 0 ? (
        <p className="notifications__empty">Nenhuma notificação por enquanto.</p>
      ) : (
        <ul className="notifications__list">
          {results.map((n) => {
            const open = () => {
              if (n.unread) void markRead({ id: n._id });
            };
            const content = (
              <>
                <span className="notification__text">{n.text}</span>
                <time className="notification__time" dateTime={new Date(n.at).toISOString()}>
                  {formatDateTime(n.at)}
                </time>
                {n.unread && <span className="sr-only">(não lida)</span>}
              </>
            );
            return (
              <li key={n._id} className={n.unread ? "notification notification--unread" : "notification"}>
                {n.target === "wallet" || n.eventId === undefined ? (
                  // News about the person's own wallet: the Extrato (avatar menu) has the details.
                  <button type="button" className="notification__link" onClick={open}>
                    {content}
                  </button>
                ) : (
                  <Link
                    to={hrefOf(n.target, n.eventId)}
                    className="notification__link"
                    onClick={() => {
                      open();
                      onNavigate();
                    }}
                  >
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {status !== "Exhausted" && status !== "LoadingFirstPage" && (
        <LoadMoreButton loading={status === "LoadingMore"} onClick={() => loadMore(NOTIFICATIONS_PAGE_SIZE)} />
      )}
    </div>
  );
}
