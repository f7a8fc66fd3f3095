/**
 * The event lifecycle ("tudo ou nada"): startsAt is the deadline. Pure, shared with the UI.
 */
import { isConcluded, type Funding } from "./eventRules";
import { MESSAGES } from "./texts";

/** How an event ended: paid to its creator, refunded at its date, or cancelled by its creator. */
export const SETTLEMENTS = ["paidOut", "refunded", "cancelled"] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/** What every screen shows for a settled event (exact texts, docs/product.md). */
export const SETTLEMENT_LABELS: Record<Settlement, string> = {
  paidOut: "Repassado ao organizador",
  refunded: "Encerrado · apoios devolvidos",
  cancelled: "Cancelado · apoios devolvidos",
};

/** What a finished event's page says in place of the support form. */
export const SETTLEMENT_OUTCOMES: Record<Settlement, string> = {
  paidOut: "O evento atingiu a meta e o valor arrecadado foi repassado ao organizador.",
  refunded: "O evento não atingiu a meta até a data. Todos os apoios voltaram para as carteiras de quem apoiou.",
  cancelled: "O organizador cancelou o evento. Todos os apoios voltaram para as carteiras de quem apoiou.",
};

export type Lifecycle = Funding & { startsAt: number; settlement?: Settlement | null };

/** Why supporting is closed, most specific first; null while it is open. */
export type SupportClosedReason = "cancelled" | "started" | "concluded";

/**
 * Supporting is open while the event is not cancelled, has not started (nor been settled) and
 * is not "Concluído". `now` is passed in; a query, which must not read the clock, passes null
 * and relies on the settlement that runs at startsAt to close the event live.
 */
export function supportClosedReason(event: Lifecycle, now: number | null): SupportClosedReason | null {
  if (event.settlement === "cancelled") return "cancelled";
  if (event.settlement != null || (now !== null && now >= event.startsAt)) return "started";
  if (isConcluded(event)) return "concluded";
  return null;
}

/** At its date a concluded event is paid out; any other is refunded. */
export function settlementAtDate(funding: Funding): Exclude<Settlement, "cancelled"> {
  return isConcluded(funding) ? "paidOut" : "refunded";
}

/** What people read when supporting is closed, for each reason (docs/product.md). */
export function supportClosedMessage(reason: SupportClosedReason): string {
  if (reason === "cancelled") return MESSAGES.eventCancelled;
  if (reason === "started") return MESSAGES.eventStarted;
  return MESSAGES.supportClosed;
}
