import { lazy, Suspense } from "react";
import { Link, Route, Routes, useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { eventRoom } from "@convex/model/shared/presenceRooms";
import { PresenceCount, viewersText } from "../../components/presence-count";
import { Spinner } from "../../components/spinner";
import { CancelEvent } from "../../features/events/cancel/cancel-event";
import { EventDetails } from "../../features/events/details/event-details";
import { EditEvent } from "../../features/events/form/edit-event";
import { EventOutcome } from "../../features/events/details/event-outcome";
import { ShareEvent } from "../../features/events/share/share-event";
import { SupportTimeline } from "../../features/events/timeline/support-timeline";
import { SupportPanel } from "../../features/support/support-panel";
import { useSupport } from "../../features/support/use-support";
import { AttendeeList } from "../../features/tickets/attendee-list";
import { TicketSales } from "../../features/tickets/ticket-sales";
import { EventUpdates } from "../../features/updates/event-updates";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { backToHome, paths } from "../paths";

const CheckInRoute = lazy(() => import("./checkin"));
const NotFoundRoute = lazy(() => import("./not-found"));

/**
 * `/event/:id` and its sub-pages. The door screen is declared here, not in the app's router, so
 * the first load of "/" carries nothing of it.
 */
export default function EventRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route index element={<EventPage />} />
        <Route path={paths.checkIn.pattern} element={<CheckInRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}

function EventPage() {
  const { id = "" } = useParams<{ id: string }>();
  const support = useSupport(id);
  // The server's figures, with the supporter's own support still in the event's queue.
  const loaded = useQuery(api.events.get, { id });
  const event = loaded == null ? loaded : support.shown(loaded);
  const me = useQuery(api.users.me);
  const isOrganizerOfTicketed = event != null && event.isTicketed && me != null && me._id === event.creatorId;
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
          <EventDetails
            event={event}
            actions={
              <>
                <ShareEvent event={event} />
                <EditEvent event={event} />
              </>
            }
          >
            {event.settlement === null ? (
              <SupportPanel event={event} chatPath={paths.chat.build(event._id)} support={support} />
            ) : (
              <EventOutcome event={{ ...event, settlement: event.settlement }} chatPath={paths.chat.build(event._id)} />
            )}
            {isOrganizerOfTicketed && (
              <Link to={paths.checkIn.build(event._id)} className="button button--secondary button--large event-detail__check-in">
                Validar ingressos
              </Link>
            )}
            <CancelEvent event={event} />
          </EventDetails>
          {event.hasTicketTypes && (
            <TicketSales eventId={event._id} open={event.supportClosedReason === null || event.supportClosedReason === "concluded"} />
          )}
          {isOrganizerOfTicketed && <AttendeeList eventId={event._id} eventName={event.name} />}
          <EventUpdates eventId={event._id} canPost={me != null && me._id === event.creatorId} />
          <SupportTimeline eventId={event._id} />
        </>
      )}
    </main>
  );
}
