import { ConvexError } from "convex/values";

export type ErrorCode =
  | "NOT_SIGNED_IN"
  | "INVALID_AMOUNT"
  | "NO_BALANCE"
  | "INSUFFICIENT_FUNDS"
  | "BELOW_MINIMUM"
  | "SUPPORT_CLOSED"
  | "EVENT_NOT_FOUND"
  | "INVALID_EVENT"
  | "NOT_A_SUPPORTER"
  | "INVALID_MESSAGE"
  | "EVENT_STARTED"
  | "EVENT_CANCELLED"
  | "EVENT_IN_PAST"
  | "NOT_THE_CREATOR"
  | "INVALID_PAGE"
  | "NOT_THE_ORGANIZER"
  | "TICKET_NOT_FOUND"
  | "TICKET_ALREADY_USED"
  | "TICKET_CANCELLED"
  // Transferir ingresso (ticketTransfer.ts beside this file).
  | "TICKET_TRANSFERRED"
  | "TICKET_RECEIVED"
  | "TRANSFER_WINDOW_CLOSED"
  | "TRANSFER_TO_YOURSELF"
  | "INVALID_EMAIL"
  | "RATE_LIMITED"
  | "INVALID_IMAGE"
  | "EVENT_ALREADY_SUPPORTED"
  | "NOTIFICATION_NOT_FOUND"
  | "INVALID_UPDATE"
  | "INVALID_TICKET_TYPE"
  | "TICKET_TYPE_FROZEN"
  | "INVALID_PURCHASE"
  | "SOLD_OUT"
  | "PRICE_CHANGED"
  | "PER_PERSON_LIMIT"
  | "WAITING_LIST_REFUSED"
  | "HOLD_NOT_YOURS"
  | "HOLD_GONE"
  | "TOO_MANY_DEPOSITS"
  | "NO_EMAIL"
  | "INVALID_PIX_KEY"
  | "INVALID_OWNER_DOCUMENT"
  | "WITHDRAWAL_IN_PROGRESS"
  | "ABOVE_WITHDRAWABLE"
  | "MONEY_OWED"
  | "PIX_NOT_CONFIGURED"
  | "INVALID_REWARD"
  | "REWARD_FROZEN"
  | "INVALID_REWARD_CHOICE"
  | "REWARD_SOLD_OUT"
  | "PURCHASE_NOT_FOUND"
  | "PURCHASE_CANCELLED"
  | "PURCHASE_NOT_ISSUED"
  | "EVENT_OVER"
  // `Cupons de desconto` (model/tickets/coupons.ts) and `Cortesias` (model/tickets/courtesies.ts).
  | "INVALID_COUPON"
  | "COUPON_EXPIRED"
  | "COUPON_USED_UP"
  | "INVALID_COURTESY"
  | "CANCEL_WINDOW_CLOSED"
  | "TICKET_USED"
  | "SUPPORT_NOT_FOUND"
  | "SUPPORT_CANCELLED"
  | "NOT_COLLECTING"
  // Equipe and the door (team.ts, door.ts beside this file).
  | "INVALID_TEAM_ROLE"
  | "TEAM_INVITE_REFUSED"
  | "TEAM_MEMBER_NOT_FOUND"
  | "NOT_AT_THE_DOOR"
  | "DOOR_SESSION_NOT_FOUND"
  | "INVALID_DOOR"
  | "TICKET_NOT_USED"
  // `Sala de espera` (waitingRoom.ts beside this file).
  | "NOT_YOUR_TURN"
  | "TURN_USED"
  | "ALREADY_IN_ROOM"
  | "SALE_ENDED"
  | "INVALID_SALE_OPENING"
  // `Excluir minha conta` while money or a ticket still ties the person to Apoie (model/privacy/).
  | "ACCOUNT_NOT_DELETABLE"
  | "TERMS_OUTDATED"
  | "INVALID_NAME"
  // `Corrigir meu e-mail` (model/privacy/emailChange.ts).
  | "EMAIL_CHANGE_REFUSED";

/** What a failed public function sends the client: `message` is shown to people as is. */
export type AppErrorData = { code: ErrorCode; message: string; title?: string };

/** A user-facing failure. A plain Error, by contrast, means a broken invariant. */
export function appError(code: ErrorCode, message: string, title?: string) {
  const data: AppErrorData = title === undefined ? { code, message } : { code, message, title };
  return new ConvexError(data);
}

/** Reads AppErrorData from anything thrown by a Convex call; null when it is not one of ours. */
export function appErrorData(error: unknown): AppErrorData | null {
  if (!(error instanceof ConvexError)) return null;
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null) return null;
  const { code, message, title } = data as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string") return null;
  return { code: code as ErrorCode, message, ...(typeof title === "string" ? { title } : {}) };
}
