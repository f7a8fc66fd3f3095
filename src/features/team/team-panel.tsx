import { DoorRefusals } from "./door-refusals";
import { InviteForm } from "./invite-form";
import { TeamList } from "./team-list";
import "./team.css";

/** `Equipe`: invite by e-mail with a role, see who joined, remove; and what the door refused. */
export function TeamPanel({ eventId }: { eventId: string }) {
  return (
    <div className="team">
      <section className="team-section" aria-labelledby="team-invite-title">
        <h2 id="team-invite-title" className="team-section__title">
          Convidar para a equipe
        </h2>
        <InviteForm eventId={eventId} />
      </section>
      <section className="team-section" aria-labelledby="team-list-title">
        <h2 id="team-list-title" className="team-section__title">
          Equipe
        </h2>
        <TeamList eventId={eventId} />
      </section>
      <DoorRefusals eventId={eventId} />
    </div>
  );
}
