import { Link, useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { MESSAGES } from "@convex/model/shared/texts";
import { Spinner } from "../../components/spinner";
import { CheckInPanel } from "../../features/checkin/check-in-panel";
import { formatDateTime } from "../../lib/dates";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { paths } from "../paths";

/** `/event/:id/checkin`: the door screen, for the creator of a ticketed event only. */
export default function CheckInRoute() {
  const { id = "" } = useParams<{ id: string }>();
  const event = useQuery(api.events.get, { id });
  const me = useQuery(api.users.me);
  useDocumentTitle(pageTitle(event ? `Validar ingressos · ${event.name}` : "Validar ingressos"));

  const loading = event === undefined || me === undefined;
  const isOrganizer = !loading && event !== null && me !== null && event.isTicketed && me._id === event.creatorId;
  return (
    <main className="page page--narrow">
      <Link to={paths.event.build(id)} className="back-link">
        <span aria-hidden="true">←</span> Voltar
      </Link>
      {loading ? (
        <Spinner />
      ) : isOrganizer ? (
        <>
          <h1 className="page__title">Validar ingressos</h1>
          <p className="event-detail__date">
            {event.name} · {formatDateTime(event.startsAt)}
          </p>
          <CheckInPanel eventId={event._id} />
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
