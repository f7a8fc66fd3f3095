import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";

/** `Presentes: N de M`, live: it moves when any device checks someone in. */
export function CheckInCounter({ eventId }: { eventId: string }) {
  const stats = useQuery(api.tickets.checkInStats, { eventId });
  return (
    <p className="check-in__counter" role="status" aria-live="polite">
      {stats === undefined ? "Presentes: …" : `Presentes: ${stats.used} de ${stats.issued}`}
    </p>
  );
}
