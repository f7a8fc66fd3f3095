import type { ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { type EventFunction, mayCall } from "@convex/model/shared/functionAccess";
import type { EventRole } from "@convex/model/shared/team";
import type { EventDetail } from "../../lib/api-types";
import { Spinner } from "../../components/spinner";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { paths } from "../paths";

type Props = {
  title: string;
  /** The function whose access table row decides who sees the page. */
  access: EventFunction;
  refusal: string;
  children: (event: EventDetail, role: EventRole | null) => ReactNode;
};

/** A page of one event's organizer tools (`/event/:id/…`): back to the event, its title, and the tool for who may use it. */
export function OrganizerToolPage({ title, access, refusal, children }: Props) {
  const { id = "" } = useParams<{ id: string }>();
  const event = useQuery(api.events.get, { id });
  const role = useQuery(api.team.myRole, { eventId: id });
  useDocumentTitle(pageTitle(event ? `${title} · ${event.name}` : title));
  const loading = event === undefined || role === undefined;
  return (
    <main className="page page--narrow">
      <Link to={paths.event.build(id)} className="back-link">
        <span aria-hidden="true">←</span> Voltar
      </Link>
      {loading ? (
        <Spinner />
      ) : event !== null && mayCall(access, role) ? (
        <>
          <h1 className="page__title">{title}</h1>
          <p className="event-detail__date">{event.name}</p>
          {children(event, role)}
        </>
      ) : (
        <section className="notice-card" role="status">
          <h1 className="notice-card__title">{title}</h1>
          <p>{refusal}</p>
        </section>
      )}
    </main>
  );
}
