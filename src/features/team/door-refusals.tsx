import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { DOOR_MESSAGES } from "@convex/model/shared/door";
import { formatDateTime } from "../../lib/dates";

/** `Recusado na portaria`: door batches the server refused whole (forged, or sent by someone removed). */
export function DoorRefusals({ eventId }: { eventId: string }) {
  const refusals = useQuery(api.door.refusals, { eventId });
  if (refusals === undefined || refusals.length === 0) return null;
  return (
    <section className="team-section" aria-labelledby="door-refusals-title">
      <h2 id="door-refusals-title" className="team-section__title">
        Recusado na portaria
      </h2>
      <ul className="team-list">
        {refusals.map((row) => (
          <li key={row._id} className="team-list__item">
            <span className="team-list__who">
              <strong>{DOOR_MESSAGES.refusals[row.reason]}</strong>
              <span>
                {row.who} · porta {row.doorName} · {row.entries === 1 ? "1 entrada" : `${row.entries} entradas`} · {formatDateTime(row.at)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
