import { supportClosedMessage, type SupportClosedReason } from "../../../convex/model/lifecycle";
import { MESSAGES } from "../../../convex/model/messages";
import { formatBRL, parseBRL } from "../../../convex/model/money";

export type SupportNotice = { title: string; message: string };

export type SupportCheckInput = {
  /** null when signed out. */
  walletCents: number | null;
  amountText: string;
  minSupportCents: number;
  /** Why supporting is closed (cancelled, started, concluded), or null while open. */
  closedReason: SupportClosedReason | null;
};

export type SupportCheck = { ok: true; amountCents: number } | { ok: false; notice: SupportNotice };

/** Title of alerts for which SPEC.md gives only a text. */
export const ATTENTION_TITLE = "Atenção";

const fail = (message: string, title: string = ATTENTION_TITLE): SupportCheck => ({
  ok: false,
  notice: { title, message },
});

/**
 * The support checks, in DESIGN.md's order and with SPEC.md's texts, run before calling the
 * server so people get an answer at once. The server repeats every check.
 */
export function checkSupport({ walletCents, amountText, minSupportCents, closedReason }: SupportCheckInput): SupportCheck {
  if (walletCents === null) return fail(MESSAGES.notSignedInToSupport);
  const amountCents = parseBRL(amountText);
  if (amountCents === null) return fail(MESSAGES.invalidAmount);
  if (walletCents <= 0) return fail(MESSAGES.noBalance, MESSAGES.noBalanceTitle);
  if (amountCents > walletCents) return fail(MESSAGES.insufficientFunds);
  if (amountCents < minSupportCents) return fail(MESSAGES.belowMinimum(formatBRL(minSupportCents)));
  if (closedReason !== null) return fail(supportClosedMessage(closedReason));
  return { ok: true, amountCents };
}
