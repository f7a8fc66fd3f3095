import { Link, useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { eventRoom } from "../../../convex/model/presenceRooms";
import { PresenceCount, viewersText } from "../../components/presence-count";
import { Spinner } from "../../components/spinner";
import { CancelEvent } from "../../features/events/cancel-event";
import { EventDetails } from "../../features/events/event-details";
import { SupportTimeline } from "../../features/events/timeline/support-timeline";
import { SupportPanel } from "../../features/support/support-panel";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { backToHome, paths } from "../paths";

export default function EventRoute() {
  const { id = "" } = useParams<{ id: string }>();
  const event = useQuery(api.events.get, { id });
  useDocumentTitle(event ? pageTitle(event.name) : event === null ? pageTitle("Evento não encontrado") : pageTitle());

  return (
    <main className="page page--narrow">
      <Link to={backToHome()} className="back-link">
        <span aria-hidden="true">←</span> Voltar
      </Link>
      {event === undefined ? (
        <Spinner label="Carregando evento..." />
      ) : event === null ? (
        <section className="notice-card" role="status">
          <h1 className="notice-card__title">Evento não encontrado</h1>
          <p>O evento que você procura não existe ou foi removido.</p>
        </section>
      ) : (
        <>
          <PresenceCount roomId={eventRoom(event._id)} describe={viewersText} />
          <EventDetails event={event}>
            <SupportPanel event={event} chatPath={paths.chat.build(event._id)} />
            <CancelEvent event={event} />
          </EventDetails>
          <SupportTimeline eventId={event._id} />
        </>
      )}
    </main>
  );
}
