import type { SupportClosedReason } from "@convex/model/shared/lifecycle";
import { parseBRL } from "@convex/model/shared/money";
import { supportRefusal } from "@convex/model/shared/supportRefusal";
import { ATTENTION_TITLE } from "../../lib/notice";

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

/**
 * The server's own support rule (`supportRefusal`), asked before calling the server so people
 * get an answer at once; this file only parses what was typed and shapes the alert.
 */
export function checkSupport({ walletCents, amountText, minSupportCents, closedReason }: SupportCheckInput): SupportCheck {
  const amountCents = parseBRL(amountText);
  const refusal = supportRefusal({ walletCents, amountCents, minSupportCents, closedReason });
  if (refusal !== null) return { ok: false, notice: { title: refusal.title ?? ATTENTION_TITLE, message: refusal.message } };
  // supportRefusal accepts only a valid amount.
  return { ok: true, amountCents: amountCents as number };
}
