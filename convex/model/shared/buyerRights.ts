/**
 * A buyer's right to change their mind (Código de Defesa do Consumidor, art. 49): the windows
 * and refusals, pure and shared with Meus Ingressos, which offers `Cancelar compra` exactly when
 * the server would accept it.
 */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A purchase may be cancelled up to 7 days after it was made… */
export const CANCEL_WITHIN_MS = 7 * DAY;
/** …while the event is still at least 48 hours away. */
export const CANCEL_BEFORE_EVENT_MS = 48 * HOUR;

export const BUYER_RIGHTS_MESSAGES = {
  purchaseNotFound: "Compra não encontrada.",
  alreadyCancelled: "Esta compra já foi cancelada.",
  notIssued: "Esta compra ainda não foi confirmada ou já foi estornada: não há o que cancelar.",
  afterSevenDays: "O prazo para cancelar acabou: a compra pode ser cancelada em até 7 dias.",
  tooCloseToEvent: "Não é possível cancelar a menos de 48 horas do início do evento.",
  eventOver: "Este evento já foi encerrado ou cancelado: não há o que cancelar.",
  ticketUsed: "Um ingresso desta compra já foi utilizado: a compra não pode ser cancelada.",
  supportNotFound: "Apoio não encontrado.",
  supportAlreadyCancelled: "Este apoio já foi cancelado.",
  supportTicketUsed: "O ingresso deste apoio já foi utilizado: o apoio não pode ser cancelado.",
  supportNotCollecting: "Um apoio só pode ser cancelado enquanto o evento está arrecadando.",
} as const;

/** Why a purchase made at `purchasedAt` of an event starting at `startsAt` cannot be cancelled at `now`; null when it can. */
export function cancelWindowRefusal(purchasedAt: number, startsAt: number, now: number): string | null {
  if (now - purchasedAt > CANCEL_WITHIN_MS) return BUYER_RIGHTS_MESSAGES.afterSevenDays;
  if (startsAt - now < CANCEL_BEFORE_EVENT_MS) return BUYER_RIGHTS_MESSAGES.tooCloseToEvent;
  return null;
}
