import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { checkAnswer, REWARD_MESSAGES } from "@convex/model/shared/rewards";

export type OfferedReward = FunctionReturnType<typeof api.rewards.list>[number];

/** What the supporter picked: `Sem recompensa` (no id) or a reward, with the answer typed so far. */
export type RewardPick = { rewardId: string | null; answer: string };

export const NO_REWARD: RewardPick = { rewardId: null, answer: "" };

/**
 * The server's own reward rules (shared/rewards.ts), asked before calling it: what to send with
 * the support, or the message. The amount has already passed the event's own checks.
 */
export function checkRewardPick(
  pick: RewardPick,
  rewards: OfferedReward[],
  amountCents: number,
): { ok: true; choice: { rewardId?: string; answer?: string } } | { ok: false; message: string } {
  if (pick.rewardId === null) return { ok: true, choice: {} };
  const reward = rewards.find((row) => row._id === pick.rewardId);
  if (reward === undefined) return { ok: false, message: REWARD_MESSAGES.notFound };
  if (reward.soldOut) return { ok: false, message: REWARD_MESSAGES.soldOut };
  if (amountCents < reward.minimumCents) return { ok: false, message: REWARD_MESSAGES.belowRewardMinimum(reward.minimumCents) };
  const answer = checkAnswer(reward.question ?? undefined, pick.answer);
  if ("message" in answer) return { ok: false, message: answer.message };
  return { ok: true, choice: { rewardId: reward._id, ...answer } };
}
