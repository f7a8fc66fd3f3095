/** E-mails to an event's organizer: first support, goal reached, payout done. */
import { formatBRL } from "../../../model/shared/money";
import type { EmailContent } from "../outbox";
import { eventUrl, pageContent } from "./common";

type EventRef = { _id: string; name: string };

const organizerUpdates = (url: string) => ({ url, what: "avisos aos organizadores" });

export function firstSupportEmail(event: EventRef, unsubscribeUrl: string): EmailContent {
  return pageContent(
    {
      heading: "Primeiro apoio!",
      intro: [`${event.name} recebeu o primeiro apoio.`],
      action: { label: "Ver o evento", url: eventUrl(event._id) },
      unsubscribe: organizerUpdates(unsubscribeUrl),
    },
    `${event.name}: primeiro apoio`,
  );
}

export function goalReachedEmail(event: EventRef, unsubscribeUrl: string): EmailContent {
  return pageContent(
    {
      heading: "Meta atingida!",
      intro: [`${event.name} atingiu a meta. Parabéns!`],
      action: { label: "Ver o evento", url: eventUrl(event._id) },
      unsubscribe: organizerUpdates(unsubscribeUrl),
    },
    `${event.name}: meta atingida`,
  );
}

/** The payout and its split: what can be withdrawn, and the part paid with welcome bonus, which cannot. */
export function payoutDoneEmail(event: EventRef, totalCents: number, promoCents: number): EmailContent {
  const lines = [
    { label: "Total repassado", value: formatBRL(totalCents) },
    { label: "Disponível para saque", value: formatBRL(totalCents - promoCents) },
    { label: "Bônus de boas-vindas (não sacável)", value: formatBRL(promoCents) },
  ];
  return pageContent(
    {
      heading: "Repasse feito",
      intro: [`O valor arrecadado por ${event.name} foi creditado na sua carteira.`],
      blocks: [{ lines }],
      action: { label: "Ver o evento", url: eventUrl(event._id) },
    },
    `${event.name}: repasse feito`,
  );
}
