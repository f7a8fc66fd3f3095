/** A Novidade the organizer posted, e-mailed to the event's supporters (optional: `Novidades dos eventos`). */
import type { EmailContent } from "../outbox";
import { eventUrl, pageContent } from "./common";

type EventRef = { _id: string; name: string };
export type UpdateRef = { title: string; body: string };

export function eventUpdateEmail(event: EventRef, update: UpdateRef, unsubscribeUrl: string): EmailContent {
  const paragraphs = update.body.split(/\n+/).filter((paragraph) => paragraph.trim() !== "");
  return pageContent(
    {
      heading: update.title,
      intro: [`Novidade de ${event.name}, um evento que você apoiou:`, ...paragraphs],
      action: { label: "Ver o evento", url: eventUrl(event._id) },
      unsubscribe: { url: unsubscribeUrl, what: "novidades dos eventos" },
    },
    `${event.name}: ${update.title}`,
  );
}
