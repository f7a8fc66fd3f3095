/** E-mails about tickets: a purchase confirmed, a ticket received, units held from the waiting list, the 48 h reminder. */
import { formatBRL } from "../../../model/shared/money";
import { ticketKindLabel, type MeiaCategory } from "../../../model/shared/ticketTypes";
import { dateTimeBR, timeBR } from "../dates";
import { type EmailBlock, renderHtml, renderText, siteUrl, type EmailPage } from "../layout";
import { eventPath } from "../links";
import type { EmailContent } from "../outbox";

export type EventRef = { _id: string; name: string; startsAt: number };

export type TicketLine = { code: string; typeName?: string; loteIndex?: number; priceCents?: number; meiaCategory?: MeiaCategory };

function content(page: EmailPage, subject: string, qrCodes?: string[]): EmailContent {
  return { subject, html: renderHtml(page), text: renderText(page), ...(qrCodes && qrCodes.length > 0 ? { qrCodes } : {}) };
}

function ticketBlock(ticket: TicketLine, index: number): EmailBlock {
  const lines: EmailBlock["lines"] = [];
  if (ticket.typeName !== undefined) lines.push({ label: "Tipo", value: ticket.typeName });
  if (ticket.loteIndex !== undefined) lines.push({ label: "Lote", value: `${ticket.loteIndex + 1}º lote` });
  lines.push({ label: "Entrada", value: ticketKindLabel(ticket.meiaCategory) });
  if (ticket.priceCents !== undefined) lines.push({ label: "Preço", value: formatBRL(ticket.priceCents) });
  return { lines, qrIndex: index, qrCaption: ticket.code };
}

const eventAction = (event: EventRef) => ({ label: "Ver o evento", url: `${siteUrl()}${eventPath(event._id)}` });

export function purchaseConfirmedEmail(event: EventRef, tickets: TicketLine[], totalCents: number): EmailContent {
  const many = tickets.length > 1;
  const page: EmailPage = {
    heading: many ? "Seus ingressos" : "Seu ingresso",
    intro: [
      `Compra confirmada para ${event.name}, em ${dateTimeBR(event.startsAt)}.`,
      `Total pago: ${formatBRL(totalCents)}. Apresente ${many ? "os QR codes" : "o QR code"} na entrada; ${many ? "os códigos estão escritos" : "o código está escrito"} abaixo de cada imagem.`,
    ],
    blocks: tickets.map(ticketBlock),
    action: eventAction(event),
  };
  return content(
    page,
    `${event.name}: ${many ? "seus ingressos" : "seu ingresso"}`,
    tickets.map((t) => t.code),
  );
}

export function ticketReceivedEmail(event: EventRef, ticket: TicketLine, fromName: string | null): EmailContent {
  const page: EmailPage = {
    heading: "Você recebeu um ingresso",
    intro: [
      `${fromName ?? "Alguém"} transferiu para você um ingresso de ${event.name}, em ${dateTimeBR(event.startsAt)}.`,
      ...(ticket.meiaCategory === undefined ? [] : ["É meia-entrada: o documento que dá direito a ela é conferido na entrada."]),
    ],
    blocks: [ticketBlock(ticket, 0)],
    action: eventAction(event),
  };
  return content(page, `${event.name}: ingresso recebido`, [ticket.code]);
}

export function ticketsHeldEmail(event: EventRef, units: number, holdUntil: number): EmailContent {
  const page: EmailPage = {
    heading: `Ingressos reservados para você até ${timeBR(holdUntil)}`,
    intro: [
      `Da lista de espera de ${event.name}: ${units === 1 ? "1 ingresso está reservado" : `${units} ingressos estão reservados`} para você até ${timeBR(holdUntil)} (horário de Brasília).`,
      "Compre na página do evento antes disso; depois, eles vão para a próxima pessoa da fila.",
    ],
    action: { label: "Comprar agora", url: `${siteUrl()}${eventPath(event._id)}` },
  };
  return content(page, `${event.name}: Ingressos reservados para você até ${timeBR(holdUntil)}`);
}

export function eventReminderEmail(event: EventRef, unsubscribeUrl: string): EmailContent {
  const page: EmailPage = {
    heading: `${event.name} é em 48 horas`,
    intro: [
      `Lembrete: ${event.name} começa em ${dateTimeBR(event.startsAt)}.`,
      "Seus ingressos, com o QR code de cada um, estão em Meus Ingressos, no menu da sua conta.",
    ],
    action: eventAction(event),
    unsubscribe: { url: unsubscribeUrl, what: "lembretes de eventos" },
  };
  return { ...content(page, `${event.name}: lembrete, faltam 48 horas`), unsubscribeUrl };
}
