import type { SupportClosedReason } from "@convex/model/shared/lifecycle";
import { parseBRL } from "@convex/model/shared/money";
import { supportRefusal } from "@convex/model/shared/supportRefusal";
import { ATTENTION_TITLE } from "../../lib/notice";
import { checkRewardPick, type OfferedReward, type RewardPick } from "./reward-choice";

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

export type SupportWithRewardCheck =
  { ok: true; amountCents: number; choice: { rewardId?: string; answer?: string } } | { ok: false; notice: SupportNotice };

/** The support's own rule first, then the picked reward's (its minimum, stock and answer). */
export function checkSupportWithReward(input: SupportCheckInput & { pick: RewardPick; rewards: OfferedReward[] }): SupportWithRewardCheck {
  const check = checkSupport(input);
  if (!check.ok) return check;
  const reward = checkRewardPick(input.pick, input.rewards, check.amountCents);
  if (!reward.ok) return { ok: false, notice: { title: ATTENTION_TITLE, message: reward.message } };
  return { ok: true, amountCents: check.amountCents, choice: reward.choice };
}
