/**
 * `Transferir ingresso`: a ticket changes holder once, by e-mail, until 24 hours before its
 * event (as Sympla allows). Pure and shared with Meus Ingressos, which offers the button exactly
 * when the server would accept the transfer.
 */
import { isEmailAddress } from "./email";
import type { ErrorCode } from "./errors";

/** A ticket may change holder until 24 hours before its event starts. */
export const TRANSFER_BEFORE_EVENT_MS = 24 * 60 * 60 * 1000;

/** The longest e-mail address accepted (RFC 5321's path limit), as at sign-in. */
export const MAX_TRANSFER_EMAIL_LENGTH = 254;

export const TRANSFER_MESSAGES = {
  ticketNotFound: "Ingresso não encontrado.",
  invalidEmail: "Informe um e-mail válido para quem vai receber o ingresso.",
  toYourself: "Este ingresso já é seu: informe o e-mail de outra pessoa.",
  used: "Este ingresso já foi utilizado: não pode ser transferido.",
  cancelled: "Este ingresso foi cancelado: não pode ser transferido.",
  alreadyTransferred: "Este ingresso já foi transferido.",
  received: "Este ingresso chegou a você por transferência: cada ingresso pode ser transferido uma vez só.",
  tooCloseToEvent: "Não é possível transferir a menos de 24 horas do início do evento.",
  eventOver: "Este evento já foi encerrado ou cancelado: o ingresso não pode ser transferido.",
  /** At the door, for the code the ticket had before it changed holder. */
  atTheDoor: "Ingresso transferido.",
  /** `Cancelar compra` / `Cancelar apoio` by the giver: the ticket is someone else's now. */
  purchaseHasTransferred: "Um ingresso desta compra foi transferido para outra pessoa: a compra não pode mais ser cancelada.",
  supportHasTransferred: "O ingresso deste apoio foi transferido para outra pessoa: o apoio não pode mais ser cancelado.",
  /** Told to whoever receives a meia-entrada ticket. */
  meiaNotice: "Meia-entrada: leve o documento que dá direito ao desconto, ele será conferido na entrada.",
} as const;

/** An e-mail as stored and compared: trimmed, lower case. */
export function normalizeTransferEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Whether `email` (normalized) can receive a ticket: a plain address of sensible length. */
export function isTransferEmail(email: string): boolean {
  return email.length <= MAX_TRANSFER_EMAIL_LENGTH && isEmailAddress(email);
}

/** What the rule needs to know of a ticket: its status and whether it came by transfer. */
export type TransferableTicket = {
  status: "valid" | "used" | "cancelled" | "transferred";
  /** True when the ticket came to its holder by a transfer (it cannot move again). */
  received: boolean;
};

/** A refusal: the code clients and tests branch on, and the sentence shown. */
export type TransferRefusal = { code: ErrorCode; message: string };

/**
 * Why the ticket cannot be transferred at `now` (its event starting at `startsAt`); null when it
 * can. The e-mail is checked apart, once typed.
 */
export function transferRefusal(ticket: TransferableTicket, startsAt: number, now: number): TransferRefusal | null {
  if (ticket.status === "used") return { code: "TICKET_USED", message: TRANSFER_MESSAGES.used };
  if (ticket.status === "cancelled") return { code: "TICKET_CANCELLED", message: TRANSFER_MESSAGES.cancelled };
  if (ticket.status === "transferred") return { code: "TICKET_TRANSFERRED", message: TRANSFER_MESSAGES.alreadyTransferred };
  if (ticket.received) return { code: "TICKET_RECEIVED", message: TRANSFER_MESSAGES.received };
  if (startsAt - now < TRANSFER_BEFORE_EVENT_MS) return { code: "TRANSFER_WINDOW_CLOSED", message: TRANSFER_MESSAGES.tooCloseToEvent };
  return null;
}
