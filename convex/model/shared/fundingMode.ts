/**
 * `Modalidade`: `Tudo ou nada` (the default: below the goal at the date, every support goes
 * back) or `Flexível` (at the date the organizer receives what was raised, even below the
 * goal; a cancellation still refunds everyone). Pure, shared with the UI.
 */

export const FUNDING_MODES = ["allOrNothing", "flexible"] as const;
export type FundingMode = (typeof FUNDING_MODES)[number];

export const FUNDING_MODE_LABELS: Record<FundingMode, string> = {
  allOrNothing: "Tudo ou nada",
  flexible: "Flexível",
};

/** What the card and the event page say of each mode (docs/product.md). */
export const FUNDING_MODE_SENTENCES: Record<FundingMode, string> = {
  allOrNothing: "Tudo ou nada: se a meta não for atingida até a data, os apoios voltam para quem apoiou.",
  flexible: "Flexível: o organizador recebe o valor arrecadado mesmo sem atingir a meta.",
};

/** A flexible event's page once paid out below its goal, where an all-or-nothing one says it reached it. */
export const FLEXIBLE_PAID_OUT_OUTCOME =
  "Na modalidade Flexível, o valor arrecadado foi repassado ao organizador mesmo sem atingir a meta.";

/** The stored flag (absent on every event from before the modes, which are all-or-nothing) read as a mode. */
export function fundingModeOf(event: { fundingMode?: "flexible" }): FundingMode {
  return event.fundingMode === "flexible" ? "flexible" : "allOrNothing";
}
