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

/**
 * Why supporting is closed, strongest first: a cancelled event reads "cancelled" even once
 * started, and a started (or settled) one "started" even when it had concluded. This order is
 * the one statement of that precedence; the schema's validator is built from this list.
 */
export const SUPPORT_CLOSED_REASONS = ["cancelled", "started", "concluded"] as const;
export type SupportClosedReason = (typeof SUPPORT_CLOSED_REASONS)[number];

/** The strongest of the reasons given (absent ones skipped), or null when there is none. */
export function strongestClosedReason(...reasons: (SupportClosedReason | null | undefined)[]): SupportClosedReason | null {
  return SUPPORT_CLOSED_REASONS.find((reason) => reasons.includes(reason)) ?? null;
}

/**
 * Supporting is open while the event is not cancelled, has not started (nor been settled) and
 * is not "Concluído". `now` is passed in; a query, which must not read the clock, passes null
 * and relies on the settlement that runs at startsAt to close the event live.
 */
export function supportClosedReason(event: Lifecycle, now: number | null): SupportClosedReason | null {
  return strongestClosedReason(
    event.settlement === "cancelled" ? "cancelled" : null,
    event.settlement != null || (now !== null && now >= event.startsAt) ? "started" : null,
    isConcluded(event) ? "concluded" : null,
  );
}

/**
 * At its date a concluded event is paid out, and so is a `Flexível` one that raised anything;
 * any other is refunded.
 */
export function settlementAtDate(funding: Funding & { fundingMode?: "flexible" }): Exclude<Settlement, "cancelled"> {
  if (funding.fundingMode === "flexible" && funding.raisedCents > 0) return "paidOut";
  return isConcluded(funding) ? "paidOut" : "refunded";
}

/** What people read when supporting is closed, for each reason (docs/product.md). */
export function supportClosedMessage(reason: SupportClosedReason): string {
  if (reason === "cancelled") return MESSAGES.eventCancelled;
  if (reason === "started") return MESSAGES.eventStarted;
  return MESSAGES.supportClosed;
}
