import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";

/**
 * An online event's access link: the server gives it only to the creator and to people who
 * supported the event or hold its ticket; everyone else reads where it will appear.
 */
export function OnlineAccessLink({ eventId }: { eventId: string }) {
  const link = useQuery(api.onlineAccess.link, { eventId });
  if (link === undefined) return null;
  if (link === null) {
    return <p className="event-detail__access">O link de acesso aparece aqui para quem tem ingresso ou apoiou o evento.</p>;
  }
  return (
    <p className="event-detail__access">
      Link de acesso:{" "}
      <a href={link} target="_blank" rel="noopener noreferrer">
        {link}
      </a>
    </p>
  );
}
