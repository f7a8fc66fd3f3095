import { useState } from "react";
import { parseBRL } from "@convex/model/shared/money";
import { centsToInput } from "../../lib/form-values";
import { NO_REWARD, type OfferedReward, type RewardPick } from "./reward-choice";

/** What the supporter is typing and picking before `APOIE`: the amount and the reward with its answer. */
export function useSupportDraft() {
  const [amount, setAmount] = useState("");
  const [pick, setPick] = useState<RewardPick>(NO_REWARD);

  /** Picking a reward fills in its minimum when less (or nothing) was typed. */
  function onPick(next: RewardPick, reward: OfferedReward | null) {
    setPick(next);
    if (reward === null) return;
    const typed = parseBRL(amount);
    if (typed === null || typed < reward.minimumCents) setAmount(centsToInput(reward.minimumCents));
  }

  function clear() {
    setAmount("");
    setPick(NO_REWARD);
  }

  return { amount, setAmount, pick, onPick, clear };
}
