import { useLayoutEffect, useRef } from "react";
import type { UsePaginatedQueryResult } from "convex/react";
import { Spinner } from "../../components/spinner";
import type { ChatMessage } from "../../lib/api-types";
import { formatDateTime, formatTime } from "../../lib/dates";

function isToday(ms: number): boolean {
  return new Date(ms).toDateString() === new Date().toDateString();
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
        <li key={message._id} className={`message${message.isMine ? " message--mine" : ""}`}>
          <div className="message__bubble">
            <p className="message__meta">
              <span className="message__author">{message.isMine ? `${message.authorName} (você)` : message.authorName}</span>
              <time className="message__time" dateTime={new Date(message._creationTime).toISOString()}>
                {isToday(message._creationTime) ? formatTime(message._creationTime) : formatDateTime(message._creationTime)}
              </time>
            </p>
            <p className="message__body">{message.body}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
