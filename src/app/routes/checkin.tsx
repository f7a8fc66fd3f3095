import { Link, useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { mayCall } from "@convex/model/shared/functionAccess";
import { MESSAGES } from "@convex/model/shared/texts";
import { Spinner } from "../../components/spinner";
import { CheckInPanel } from "../../features/checkin/check-in-panel";
import { formatDateTime } from "../../lib/dates";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { paths } from "../paths";

/**
 * `/event/:id/checkin`: the door screen, for a ticketed event's organizer and its door team
 * (`Equipe`). Someone removed from the team loses it live: their role reads null at once.
 */
export default function CheckInRoute() {
  const { id = "" } = useParams<{ id: string }>();
  const event = useQuery(api.events.get, { id });
  const me = useQuery(api.users.me);
  const role = useQuery(api.team.myRole, { eventId: id });
  useDocumentTitle(pageTitle(event ? `Validar ingressos · ${event.name}` : "Validar ingressos"));

  const loading = event === undefined || me === undefined || role === undefined;
  const atTheDoor = !loading && event !== null && me !== null && event.isTicketed && role !== null && mayCall("door:open", role);
  return (
    <main className="page page--narrow">
      <Link to={paths.event.build(id)} className="back-link">
        <span aria-hidden="true">←</span> Voltar
      </Link>
      {loading ? (
        <Spinner />
      ) : atTheDoor ? (
        <>
          <h1 className="page__title">Validar ingressos</h1>
          <p className="event-detail__date">
            {event.name} · {formatDateTime(event.startsAt)}
          </p>
          <CheckInPanel eventId={event._id} userId={me._id} role={role} />
        </>
      ) : (
        <section className="notice-card" role="status">
          <h1 className="notice-card__title">Validar ingressos</h1>
          <p>{MESSAGES.notTheOrganizer}</p>
        </section>
      )}
    </main>
  );
}
