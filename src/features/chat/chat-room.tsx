import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useMutation, usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { MAX_MESSAGE_LENGTH } from "../../../convex/model/shared/limits";
import { Spinner } from "../../components/spinner";
import { formatDateTime, formatTime } from "../../lib/dates";
import { errorNotice } from "../../lib/errors";
import "./chat.css";

/** Messages per page: the newest page first, older ones on demand. */
export const CHAT_PAGE_SIZE = 30;

function isToday(ms: number): boolean {
  return new Date(ms).toDateString() === new Date().toDateString();
}

/** An event's live chat: history, older pages on demand, and the send box. */
export function ChatRoom({ eventId }: { eventId: string }) {
  const inputId = useId();
  const { results, status, loadMore } = usePaginatedQuery(
    api.chat.list,
    { eventId },
    { initialNumItems: CHAT_PAGE_SIZE },
  );
  const send = useMutation(api.chat.send);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLOListElement>(null);

  // Pages arrive newest page first, each oldest first: one sort puts everything in order.
  const messages = useMemo(
    () => [...results].sort((a, b) => a._creationTime - b._creationTime),
    [results],
  );
  const firstId = messages[0]?._id;
  const last = messages[messages.length - 1];
  const lastId = last?._id;

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

  // Announce messages from others that arrive while the page is open (not the initial history).
  const seenLast = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (status === "LoadingFirstPage" || last === undefined) return;
    if (seenLast.current !== undefined && seenLast.current !== last._id && !last.isMine) {
      setAnnouncement(`Nova mensagem de ${last.authorName}: ${last.body}`);
    }
    seenLast.current = last._id;
  }, [last, status]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = body.trim();
    if (text === "") return;
    setError(null);
    setBody("");
    try {
      await send({ eventId, body: text });
    } catch (caught) {
      setBody(text);
      setError(errorNotice(caught).message);
    }
  }

  return (
    <section className="chat" aria-label="Chat do evento">
      <ol ref={listRef} className="chat__messages" aria-label="Mensagens" tabIndex={0}>
        {(status === "CanLoadMore" || status === "LoadingMore") && (
          <li className="chat__older">
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={status === "LoadingMore"}
              onClick={() => loadMore(CHAT_PAGE_SIZE)}
            >
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
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {error !== null && (
        <p className="chat__error" role="alert">
          {error}
        </p>
      )}
      <form className="chat__form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId} className="sr-only">
          Mensagem
        </label>
        <input
          id={inputId}
          className="chat__input"
          placeholder="Digite sua mensagem"
          autoComplete="off"
          maxLength={MAX_MESSAGE_LENGTH}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <button type="submit" className="button button--primary">
          Enviar
        </button>
      </form>
    </section>
  );
}
