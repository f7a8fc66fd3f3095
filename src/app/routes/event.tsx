import { type ComponentProps, lazy, memo, Suspense } from "react";
import { Link, Route, Routes, useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { type EventFunction, mayCall } from "@convex/model/shared/functionAccess";
import { eventRoom } from "@convex/model/shared/presenceRooms";
import { PresenceCount, viewersText } from "../../components/presence-count";
import { Spinner } from "../../components/spinner";
import { EventDetails } from "../../features/events/details/event-details";
import { EventOutcome } from "../../features/events/details/event-outcome";
import { ShareEvent } from "../../features/events/share/share-event";
import { SupportTimeline } from "../../features/events/timeline/support-timeline";
import { SupportPanel } from "../../features/support/support-panel";
import { useSupport } from "../../features/support/use-support";
import { EventUpdates } from "../../features/updates/event-updates";
import { RewardList } from "../../features/rewards/reward-list";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { backToHome, paths } from "../paths";

const CheckInRoute = lazy(() => import("./checkin"));
const TeamRoute = lazy(() => import("./team"));
const CouponsRoute = lazy(() => import("./coupons"));
const CourtesiesRoute = lazy(() => import("./courtesies"));
const NotFoundRoute = lazy(() => import("./not-found"));
// Loaded only where they show: the organizer's tools for the organizer, Ingressos (its list, the
// buying form and the lote and meia-entrada rules) on an event sold by ticket types.
const organizerTools = () => import("./event-organizer");
const EditEvent = lazy(() => organizerTools().then((module) => ({ default: module.EditEvent })));
const CancelEvent = lazy(() => organizerTools().then((module) => ({ default: module.CancelEvent })));
const AttendeeList = lazy(() => organizerTools().then((module) => ({ default: module.AttendeeList })));
const FeeSettings = lazy(() => organizerTools().then((module) => ({ default: module.FeeSettings })));
const DownloadSupportersButton = lazy(() => organizerTools().then((module) => ({ default: module.DownloadSupportersButton })));
// The on-sale room wraps Ingressos on every ticketed event (and is only the Ingressos on one without a room).
const WaitingRoom = lazy(() => import("../../features/waiting-room/waiting-room").then((module) => ({ default: module.WaitingRoom })));
const SaleOpeningForm = lazy(() =>
  import("../../features/waiting-room/sale-opening-form").then((module) => ({ default: module.SaleOpeningForm })),
);
const TicketSales = lazy(() => import("../../features/tickets/ticket-sales").then((module) => ({ default: memo(module.TicketSales) })));
// The event's figures change on every support (a live update a few times a second on a busy
// event) and re-render the page; the sections that take only the event's id render again only
// when their own queries change, not each time with it.
const MemoPresenceCount = memo(PresenceCount);
const MemoEventUpdates = memo(EventUpdates);
const MemoSupportTimeline = memo(SupportTimeline);
const MemoRewardList = memo(RewardList);

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
        <Route path={paths.team.pattern} element={<TeamRoute />} />
        <Route path={paths.coupons.pattern} element={<CouponsRoute />} />
        <Route path={paths.courtesies.pattern} element={<CourtesiesRoute />} />
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
  // The organizer, or someone of its `Equipe`: each tool shows when the one table says the server takes it.
  const role = useQuery(api.team.myRole, me == null ? "skip" : { eventId: id }) ?? null;
  const may = (fn: EventFunction) => event != null && mayCall(fn, role);
  const isTicketed = event != null && event.isTicketed;
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
          <MemoPresenceCount roomId={eventRoom(event._id)} describe={viewersText} />
          <EventDetails
            event={event}
            actions={
              <>
                <ShareEvent event={event} />
                {may("events:update") && (
                  <Suspense fallback={null}>
                    <EditEvent event={event} canEdit />
                  </Suspense>
                )}
              </>
            }
          >
            {event.settlement === null ? (
              <SupportPanel event={event} chatPath={paths.chat.build(event._id)} support={support} />
            ) : (
              <EventOutcome event={{ ...event, settlement: event.settlement }} chatPath={paths.chat.build(event._id)} />
            )}
            <EventTools event={event} may={may} />
          </EventDetails>
          <MemoRewardList eventId={event._id} />
          {event.hasTicketTypes && (
            <TicketSection eventId={event._id} open={salesOpenFor(event)} isOrganizer={may("waitingRoom:configure")} />
          )}
          {may("fees:setMode") && (
            <Suspense fallback={null}>
              <FeeSettings eventId={event._id} sellsTickets={event.hasTicketTypes} open={event.settlement === null} />
            </Suspense>
          )}
          {/* Every ticketed event's organizer downloads the list, also when its tickets come from supports. */}
          {isTicketed && may("attendees:page") && (
            <Suspense fallback={null}>
              <AttendeeList eventId={event._id} eventName={event.name} />
            </Suspense>
          )}
          <MemoEventUpdates eventId={event._id} canPost={may("updates:post")} />
          <MemoSupportTimeline eventId={event._id} />
        </>
      )}
    </main>
  );
}

/** The event's own tools (door, team, supporters' list, cancel): each shows when the access table lets the caller use it. */
type ToolsEvent = ComponentProps<typeof CancelEvent>["event"] & { _id: string; name: string; isTicketed: boolean; hasTicketTypes: boolean };

function EventTools({ event, may }: { event: ToolsEvent; may: (fn: EventFunction) => boolean }) {
  return (
    <>
      {event.isTicketed && may("door:open") && (
        <Link to={paths.checkIn.build(event._id)} className="button button--secondary button--large event-detail__check-in">
          Validar ingressos
        </Link>
      )}
      {may("team:list") && (
        <Link to={paths.team.build(event._id)} className="button button--secondary button--large event-detail__check-in">
          Equipe
        </Link>
      )}
      {/* Sold by ticket types: the organizer's `Cupons de desconto` and `Cortesias`. */}
      {event.hasTicketTypes && may("coupons:list") && (
        <Link to={paths.coupons.build(event._id)} className="button button--secondary button--large event-detail__check-in">
          Cupons de desconto
        </Link>
      )}
      {event.hasTicketTypes && may("courtesies:list") && (
        <Link to={paths.courtesies.build(event._id)} className="button button--secondary button--large event-detail__check-in">
          Cortesias
        </Link>
      )}
      {may("rewards:supporters") && (
        <Suspense fallback={null}>
          <DownloadSupportersButton eventId={event._id} eventName={event.name} />
          {may("events:cancel") && <CancelEvent event={event} />}
        </Suspense>
      )}
    </>
  );
}

/** Tickets are sold until the event starts or is cancelled: a reached goal does not stop them. */
function salesOpenFor(event: { supportClosedReason: string | null }): boolean {
  return event.supportClosedReason === null || event.supportClosedReason === "concluded";
}

/** `Ingressos` inside the on-sale room, and, to the organizer, the room's `Abertura das vendas`. */
function TicketSection({ eventId, open, isOrganizer }: { eventId: string; open: boolean; isOrganizer: boolean }) {
  return (
    <Suspense fallback={null}>
      <WaitingRoom eventId={eventId} open={open}>
        <TicketSales eventId={eventId} open={open} />
      </WaitingRoom>
      {isOrganizer && open && <SaleOpeningForm eventId={eventId} />}
    </Suspense>
  );
}
