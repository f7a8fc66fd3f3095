import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { courtesySummaryText } from "@convex/model/shared/courtesies";
import { CourtesyIssueForm } from "./courtesy-issue-form";
import { CourtesyLimitForm } from "./courtesy-limit-form";
import { CourtesyList } from "./courtesy-list";
import "../../components/organizer-page.css";

/** `Cortesias`: how many were given of the limit, give more, raise the limit (the organizer alone), and the list. */
export function CourtesiesPanel({ eventId, canRaiseLimit }: { eventId: string; canRaiseLimit: boolean }) {
  const summary = useQuery(api.courtesies.summary, { eventId });
  if (summary === undefined) return null;
  return (
    <div className="org-panel">
      <p className="org-summary" role="status">
        {courtesySummaryText(summary)}
      </p>
      <section className="org-section" aria-labelledby="courtesy-issue-title">
        <h2 id="courtesy-issue-title" className="org-section__title">
          Emitir cortesias
        </h2>
        <CourtesyIssueForm eventId={eventId} types={summary.types} />
      </section>
      {canRaiseLimit && (
        <section className="org-section" aria-labelledby="courtesy-limit-title">
          <h2 id="courtesy-limit-title" className="org-section__title">
            Limite
          </h2>
          <CourtesyLimitForm key={summary.limit} eventId={eventId} limit={summary.limit} capacity={summary.capacity} />
        </section>
      )}
      <section className="org-section" aria-labelledby="courtesy-list-title">
        <h2 id="courtesy-list-title" className="org-section__title">
          Cortesias emitidas
        </h2>
        <CourtesyList eventId={eventId} />
      </section>
    </div>
  );
}
