/**
 * Why a support cannot go through, in the order and with the texts of docs/product.md — the one
 * statement of that rule. Pure (no Convex imports), so the browser asks it too before calling
 * the server, which asks it again inside the transaction.
 */
import type { AppErrorData } from "./errors";
import { supportClosedMessage, type SupportClosedReason } from "./lifecycle";
import { MESSAGES } from "./texts";
import { formatBRL, isValidAmountCents } from "./money";

const CLOSED_CODES = {
  cancelled: "EVENT_CANCELLED",
  started: "EVENT_STARTED",
  concluded: "SUPPORT_CLOSED",
} as const satisfies Record<SupportClosedReason, AppErrorData["code"]>;

export type SupportAttempt = {
  /** The supporter's balance; null when nobody is signed in. */
  walletCents: number | null;
  /** What they offer; null when what they typed is not an amount. */
  amountCents: number | null;
  minSupportCents: number;
  /** Why the event no longer takes supports (cancelled, started, concluded), or null while open. */
  closedReason: SupportClosedReason | null;
};

/** The refusal of a support because the event closed (at the door, or when its queued support came up). */
export function closedRefusal(closedReason: SupportClosedReason): AppErrorData {
  return { code: CLOSED_CODES[closedReason], message: supportClosedMessage(closedReason) };
}

/** The first reason this support is refused, or null when it may go through. */
export function supportRefusal({ walletCents, amountCents, minSupportCents, closedReason }: SupportAttempt): AppErrorData | null {
  if (walletCents === null) return { code: "NOT_SIGNED_IN", message: MESSAGES.notSignedInToSupport };
  if (amountCents === null || !isValidAmountCents(amountCents)) return { code: "INVALID_AMOUNT", message: MESSAGES.invalidAmount };
  if (walletCents <= 0) return { code: "NO_BALANCE", message: MESSAGES.noBalance, title: MESSAGES.noBalanceTitle };
  if (amountCents > walletCents) return { code: "INSUFFICIENT_FUNDS", message: MESSAGES.insufficientFunds };
  if (amountCents < minSupportCents) return { code: "BELOW_MINIMUM", message: MESSAGES.belowMinimum(formatBRL(minSupportCents)) };
  if (closedReason !== null) return closedRefusal(closedReason);
  return null;
}
