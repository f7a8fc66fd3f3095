/**
 * `Lista de espera` and `Máximo por pessoa`: the numbers and sentences, pure and shared with the
 * event page, which shows exactly what the server decides.
 *
 * - A sold-out option of a type (inteira or meia-entrada) has a line of people waiting, in the
 *   order they joined. Units that come back (a cancelled purchase, a hold that lapsed, an
 *   organizer raising the quantity) are held for the first in that line for HOLD_MS.
 * - An event may limit the units one person holds or has pending across its types.
 */
export const HOLD_MS = 30 * 60 * 1000;

/** The organizer's `Máximo por pessoa`: 1 to this many units. */
export const MAX_PER_PERSON_LIMIT = 100;

/** The most people one line tells their position to (beyond it the page says "mais de"). */
export const POSITION_COUNT_LIMIT = 1000;

export const WAITING_LIST_MESSAGES = {
  onSale: "Este ingresso ainda está à venda: compre-o em vez de entrar na lista de espera.",
  alreadyWaiting: "Você já está na lista de espera deste tipo de ingresso.",
  noMeia: "Este tipo de ingresso não oferece meia-entrada.",
  noInteira: "Este tipo de ingresso só oferece meia-entrada.",
  entryNotFound: "Você não está nesta lista de espera.",
  notYours: "Estes ingressos estão reservados para outra pessoa da lista de espera.",
  holdGone: "Sua reserva não está mais ativa: o prazo de 30 minutos acabou ou ela já foi usada.",
  holdMismatch: "Compre exatamente os ingressos reservados para você.",
  invalidLimit: `O máximo por pessoa deve ser um número inteiro de 1 a ${MAX_PER_PERSON_LIMIT}.`,
} as const;

export function perPersonLimitMessage(limit: number): string {
  return `Limite de ${limit} ${limit === 1 ? "ingresso" : "ingressos"} por pessoa neste evento.`;
}

export function isValidPerPersonLimit(limit: number): boolean {
  return Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_PER_PERSON_LIMIT;
}

/** "Você é o 3º da fila". */
export function positionSentence(position: number): string {
  return `Você é o ${position}º da fila`;
}

const clock = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit" });

/** "Ingressos reservados para você até 14:35", in the viewer's time. */
export function holdSentence(holdUntil: number): string {
  return `Ingressos reservados para você até ${clock.format(holdUntil)}`;
}
