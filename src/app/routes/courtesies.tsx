import { COURTESY_MESSAGES } from "@convex/model/shared/courtesies";
import { mayCall } from "@convex/model/shared/functionAccess";
import { CourtesiesPanel } from "../../features/courtesies/courtesies-panel";
import { OrganizerToolPage } from "./organizer-tool-page";

/** `/event/:id/cortesias`: give courtesy tickets, for the organizer and `Gerente` (the limit: the organizer). */
export default function CourtesiesRoute() {
  return (
    <OrganizerToolPage title={COURTESY_MESSAGES.title} access="courtesies:list" refusal={COURTESY_MESSAGES.notTheOrganizer}>
      {(event, role) => <CourtesiesPanel eventId={event._id} canRaiseLimit={mayCall("courtesies:setLimit", role)} />}
    </OrganizerToolPage>
  );
}
