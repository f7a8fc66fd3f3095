import { Link, useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { chatRoom } from "@convex/model/shared/presenceRooms";
import { onlineText, PresenceCount } from "../../components/presence-count";
import { Spinner } from "../../components/spinner";
import { CHAT_TEXTS, ChatErrorBoundary, ChatNotice } from "../../features/chat/chat-access";
import { SignInButtons } from "../../features/account/sign-in-buttons";
import { ChatRoom } from "../../features/chat/chat-room";
import { formatDateTime } from "../../lib/dates";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { backToHome, paths } from "../paths";

export default function ChatRoute() {
  const { eventId = "" } = useParams<{ eventId: string }>();
  const event = useQuery(api.events.get, { id: eventId });
  // The server says who may chat (supporters and the creator); this page only shows it.
  const access = useQuery(api.chat.access, { eventId });
  useDocumentTitle(event ? pageTitle("Chat", event.name) : pageTitle("Chat"));

  const loading = event === undefined || access === undefined;
  const mayChat = access === "allowed";

  return (
    <main className="page page--narrow page--chat">
      <Link to={event ? paths.event.build(event._id) : backToHome()} className="back-link">
        <span aria-hidden="true">←</span> Voltar
      </Link>
      {loading ? (
        <Spinner label="Carregando chat..." />
      ) : event === null ? (
        <ChatNotice title="Evento não encontrado" message="O evento deste chat não existe ou foi removido." />
      ) : (
        <>
          <header className="chat-header">
            <p className="chat-header__eyebrow">Chat dos apoiadores</p>
            <h1 className="chat-header__title">{event.name}</h1>
            <p className="chat-header__date">{formatDateTime(event.startsAt)}</p>
            {mayChat && <PresenceCount roomId={chatRoom(event._id)} describe={onlineText} />}
          </header>
          {access === "signedOut" ? (
            <ChatNotice title={CHAT_TEXTS.signInTitle} message={CHAT_TEXTS.notSignedIn}>
              <div className="notice-card__actions">
                <SignInButtons />
              </div>
            </ChatNotice>
          ) : mayChat ? (
            <ChatErrorBoundary>
              <ChatRoom eventId={event._id} />
            </ChatErrorBoundary>
          ) : (
            <ChatNotice title={CHAT_TEXTS.supportersOnlyTitle} message={CHAT_TEXTS.notASupporter}>
              <div className="notice-card__actions">
                <Link className="button button--primary" to={paths.event.build(event._id)}>
                  Apoiar este evento
                </Link>
              </div>
            </ChatNotice>
          )}
        </>
      )}
    </main>
  );
}
