import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { DEFAULT_DOOR_NAME, DOOR_MESSAGES } from "@convex/model/shared/door";
import { MESSAGES } from "@convex/model/shared/texts";
import { TRANSFER_MESSAGES } from "@convex/model/shared/ticketTransfer";
import { formatTime } from "../../lib/dates";

type Row = { outcome: string; firstDoor: string | null; firstAt: number | null };

function reasonOf({ outcome, firstDoor, firstAt }: Row): string {
  if (outcome === "cancelled") return MESSAGES.ticketCancelled;
  if (outcome === "transferred") return TRANSFER_MESSAGES.atTheDoor;
  return DOOR_MESSAGES.alreadyUsedAt(formatTime(firstAt ?? 0), firstDoor ?? DEFAULT_DOOR_NAME);
}

/**
 * `Entradas para conferir`: what this door let in while offline that the server did not accept as
 * a first entry (another door was first, the ticket was cancelled or transferred meanwhile). Live.
 */
export function DoorReview({ sessionId }: { sessionId: string }) {
  const rows = useQuery(api.door.review, { sessionId });
  if (rows === undefined || rows.length === 0) return null;
  return (
    <section className="door-review" aria-labelledby="door-review-title">
      <h2 id="door-review-title" className="door-review__title">
        Entradas para conferir
      </h2>
      <ul className="door-review__list">
        {rows.map((row) => (
          <li key={row._id} className="door-review__item">
            <strong>{row.holderName}</strong> · {row.typeLabel} · entrou às {formatTime(row.scannedAt)}
            <span className="door-review__reason">{reasonOf(row)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
