import { memo, useLayoutEffect, useRef } from "react";
import type { UsePaginatedQueryResult } from "convex/react";
import { Spinner } from "../../components/spinner";
import type { ChatMessage } from "../../lib/api-types";
import { formatDateTime, formatTime } from "../../lib/dates";

/** The message's time, with its date when it was not sent on `today` (a `Date.toDateString()`). */
function sentAt(ms: number, today: string): string {
  return new Date(ms).toDateString() === today ? formatTime(ms) : formatDateTime(ms);
}

type ChatMessageListProps = {
  /** Oldest first. */
  messages: ChatMessage[];
  status: UsePaginatedQueryResult<ChatMessage>["status"];
  onLoadOlder: () => void;
};

/** The chat history: older pages on demand, the newest message kept in view. */
export function ChatMessageList({ messages, status, onLoadOlder }: ChatMessageListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // Once per render, not once per message.
  const today = new Date().toDateString();
  const firstId = messages[0]?._id;
  const lastId = messages[messages.length - 1]?._id;

  // Keep the newest message in view; when older ones are prepended, keep the reading position.
  const previous = useRef<{ firstId?: string; lastId?: string; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    const before = previous.current;
    if (lastId !== before.lastId) {
      list.scrollTop = list.scrollHeight;
    } else if (firstId !== before.firstId) {
      list.scrollTop += list.scrollHeight - before.height;
    }
    previous.current = { firstId, lastId, height: list.scrollHeight };
  }, [firstId, lastId]);

  return (
    <ol ref={listRef} className="chat__messages" aria-label="Mensagens" tabIndex={0}>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <li className="chat__older">
          <button type="button" className="button button--ghost button--small" disabled={status === "LoadingMore"} onClick={onLoadOlder}>
            {status === "LoadingMore" ? "Carregando..." : "Carregar mensagens anteriores"}
          </button>
        </li>
      )}
      {status === "LoadingFirstPage" && (
        <li className="chat__loading">
          <Spinner label="Carregando mensagens..." />
        </li>
      )}
      {status !== "LoadingFirstPage" && messages.length === 0 && (
        <li className="chat__empty">Nenhuma mensagem ainda. Comece a conversa!</li>
      )}
      {messages.map((message) => (
        <MessageItem key={message._id} message={message} today={today} />
      ))}
    </ol>
  );
}

type MessageItemProps = { message: ChatMessage; today: string };

/**
 * One message. The list re-renders on every keystroke in the send box and on every new message;
 * a message already shown renders again only if it or the day changed (a page's messages arrive
 * as new objects on every update of that page, so they are compared by what they show).
 */
const MessageItem = memo(
  function MessageItem({ message, today }: MessageItemProps) {
    return (
      <li className={`message${message.isMine ? " message--mine" : ""}`}>
        <div className="message__bubble">
          <p className="message__meta">
            <span className="message__author">{message.isMine ? `${message.authorName} (você)` : message.authorName}</span>
            <time className="message__time" dateTime={new Date(message._creationTime).toISOString()}>
              {sentAt(message._creationTime, today)}
            </time>
          </p>
          <p className="message__body">{message.body}</p>
        </div>
      </li>
    );
  },
  (before, after) =>
    before.today === after.today &&
    before.message._id === after.message._id &&
    before.message.body === after.message.body &&
    before.message.authorName === after.message.authorName &&
    before.message.isMine === after.message.isMine &&
    before.message._creationTime === after.message._creationTime,
);
