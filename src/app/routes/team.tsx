import { TEAM_MESSAGES } from "@convex/model/shared/team";
import { TeamPanel } from "../../features/team/team-panel";
import { OrganizerToolPage } from "./organizer-tool-page";

/** `/event/:id/equipe`: the event's team, for its organizer only. */
export default function TeamRoute() {
  return (
    <OrganizerToolPage title="Equipe" access="team:list" refusal={TEAM_MESSAGES.notTheOrganizer}>
      {(event) => <TeamPanel eventId={event._id} />}
    </OrganizerToolPage>
  );
}
