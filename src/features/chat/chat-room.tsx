import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useMutation, usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { MAX_MESSAGE_LENGTH } from "@convex/model/shared/limits";
import { Field } from "../../components/field";
import { errorNotice } from "../../lib/errors";
import { ChatMessageList } from "./chat-message-list";
import "./chat.css";

/** Messages per page: the newest page first, older ones on demand. */
export const CHAT_PAGE_SIZE = 30;

/** An event's live chat: history, older pages on demand, and the send box. */
export function ChatRoom({ eventId }: { eventId: string }) {
  const { results, status, loadMore } = usePaginatedQuery(api.chat.list, { eventId }, { initialNumItems: CHAT_PAGE_SIZE });
  const send = useMutation(api.chat.send);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");

  // Pages arrive newest page first, each oldest first: one sort puts everything in order.
  const messages = useMemo(() => [...results].sort((a, b) => a._creationTime - b._creationTime), [results]);
  const last = messages[messages.length - 1];

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
      <ChatMessageList messages={messages} status={status} onLoadOlder={() => loadMore(CHAT_PAGE_SIZE)} />
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {error !== null && (
        <p className="chat__error" role="alert">
          {error}
        </p>
      )}
      <form className="chat__form" onSubmit={(event) => void submit(event)}>
        <Field label="Mensagem" labelClassName="sr-only" bare>
          {(control) => (
            <input
              {...control}
              className="chat__input"
              placeholder="Digite sua mensagem"
              autoComplete="off"
              maxLength={MAX_MESSAGE_LENGTH}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary">
          Enviar
        </button>
      </form>
    </section>
  );
}
