import { Link, useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { mayCall } from "@convex/model/shared/functionAccess";
import { TEAM_MESSAGES } from "@convex/model/shared/team";
import { Spinner } from "../../components/spinner";
import { TeamPanel } from "../../features/team/team-panel";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { paths } from "../paths";

/** `/event/:id/equipe`: the event's team, for its organizer only. */
export default function TeamRoute() {
  const { id = "" } = useParams<{ id: string }>();
  const event = useQuery(api.events.get, { id });
  const role = useQuery(api.team.myRole, { eventId: id });
  useDocumentTitle(pageTitle(event ? `Equipe · ${event.name}` : "Equipe"));
  const loading = event === undefined || role === undefined;
  return (
    <main className="page page--narrow">
      <Link to={paths.event.build(id)} className="back-link">
        <span aria-hidden="true">←</span> Voltar
      </Link>
      {loading ? (
        <Spinner />
      ) : event !== null && mayCall("team:list", role) ? (
        <>
          <h1 className="page__title">Equipe</h1>
          <p className="event-detail__date">{event.name}</p>
          <TeamPanel eventId={event._id} />
        </>
      ) : (
        <section className="notice-card" role="status">
          <h1 className="notice-card__title">Equipe</h1>
          <p>{TEAM_MESSAGES.notTheOrganizer}</p>
        </section>
      )}
    </main>
  );
}
