import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { checkRewardChoice } from "@convex/model/shared/rewards";

export type OfferedReward = FunctionReturnType<typeof api.rewards.list>[number];

/** What the supporter picked: `Sem recompensa` (no id) or a reward, with the answer typed so far. */
export type RewardPick = { rewardId: string | null; answer: string };

export const NO_REWARD: RewardPick = { rewardId: null, answer: "" };

/**
 * The server's own reward check (checkRewardChoice, shared with model/rewards/catalog.ts: one order of
 * refusals), asked before calling it: what to send with the support, or the message. The amount
 * has already passed the event's own checks.
 */
export function checkRewardPick(
  pick: RewardPick,
  rewards: OfferedReward[],
  amountCents: number,
): { ok: true; choice: { rewardId?: string; answer?: string } } | { ok: false; message: string } {
  if (pick.rewardId === null) return { ok: true, choice: {} };
  const reward = rewards.find((row) => row._id === pick.rewardId) ?? null;
  const checked = checkRewardChoice(
    reward === null ? null : { soldOut: reward.soldOut, minimumCents: reward.minimumCents, question: reward.question ?? undefined },
    amountCents,
    pick.answer,
  );
  if ("message" in checked) return { ok: false, message: checked.message };
  return { ok: true, choice: { rewardId: reward!._id, ...checked } };
}
