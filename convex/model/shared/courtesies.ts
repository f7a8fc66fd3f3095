/**
 * `Cortesias`: tickets an event's organizer gives to people by e-mail, at no charge. Pure and
 * shared with the organizer's screen, so it shows the limit the server applies.
 *
 * - A cortesia is one inteira unit of a ticket type: it counts in the type's capacity like a
 *   ticket sold (never in the meia-entrada reserve, nor in a lote's quantity).
 * - An event gives at most 10% of its tickets (all its types' quantities, rounded down) as
 *   cortesias, unless its organizer raises the limit (up to all its tickets).
 * - No money moves: the ticket's price is R$ 0,00, with no fee; the books do not see it.
 */
/** The share of an event's tickets it may give as cortesias unless its organizer raises it, in percent. */
export const DEFAULT_COURTESY_PERCENT = 10;
/** E-mails one issue takes (one cortesia each). */
export const MAX_COURTESY_EMAILS = 20;

const count = new Intl.NumberFormat("pt-BR");

export const COURTESY_MESSAGES = {
  title: "Cortesias",
  label: "Cortesia",
  notTheOrganizer: "Só a organização do evento pode emitir cortesias.",
  notTheCreator: "Só quem criou o evento pode mudar o limite de cortesias.",
  noTicketTypes: "Cortesias são emitidas em eventos vendidos por tipos de ingresso.",
  typeNotFound: "Tipo de ingresso não encontrado para este evento.",
  invalidEmails: `Informe de 1 a ${MAX_COURTESY_EMAILS} e-mails, um por linha.`,
  invalidEmail: (email: string) => `E-mail inválido: ${email}`,
  notEnough: (left: number) =>
    left === 0
      ? "Não há mais ingressos deste tipo para cortesias."
      : `Restam apenas ${count.format(left)} ${left === 1 ? "ingresso" : "ingressos"} deste tipo para cortesias.`,
  overLimit: (limit: number, issued: number) =>
    `Limite de cortesias: este evento pode emitir até ${count.format(limit)} e já emitiu ${count.format(issued)}.`,
  invalidLimit: (capacity: number) => `O limite de cortesias deve ser um número inteiro de 0 a ${count.format(capacity)}.`,
  belowIssued: (issued: number) => `Este evento já emitiu ${count.format(issued)} cortesias: o limite não pode ficar abaixo disso.`,
  issued: (n: number) => (n === 1 ? "Cortesia emitida." : `${count.format(n)} cortesias emitidas.`),
  limitSaved: "Limite de cortesias atualizado.",
  awaiting: "aguardando cadastro",
  delivered: "entregue",
} as const;

/** The limit an event has: its organizer's, or 10% of its tickets. */
export function courtesyLimitOf(capacity: number, raisedLimit: number | null | undefined): number {
  return raisedLimit ?? Math.floor((capacity * DEFAULT_COURTESY_PERCENT) / 100);
}

/** The organizer's screen: `12 de 50 cortesias emitidas (limite: 10% dos 500 ingressos).` */
export function courtesySummaryText({
  issued,
  limit,
  capacity,
  raised,
}: {
  issued: number;
  limit: number;
  capacity: number;
  raised: boolean;
}) {
  const why = raised ? "limite definido pela organização" : `limite: ${DEFAULT_COURTESY_PERCENT}% dos ${count.format(capacity)} ingressos`;
  return `${count.format(issued)} de ${count.format(limit)} cortesias emitidas (${why}).`;
}
