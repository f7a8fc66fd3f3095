import { parseBRL } from "@convex/model/shared/money";
import { checkRewards, REWARD_MESSAGES, type RewardInput } from "@convex/model/shared/rewards";
import { centsToInput } from "../../../../lib/form-values";

/** One reward as typed in the editor. `chosen`: someone picked it, so its minimum is frozen. */
export type RewardValues = {
  key: string;
  id?: string;
  chosen: boolean;
  title: string;
  description: string;
  minimum: string;
  /** Empty: unlimited. */
  quantity: string;
  /** `<input type="month">`: "2027-03", empty for none. */
  deliveryMonth: string;
  questionKind: "none" | "choices" | "text";
  questionLabel: string;
  /** One choice per line. */
  choices: string;
};

let nextKey = 0;
const newKey = () => `reward-${++nextKey}`;

export function emptyReward(): RewardValues {
  return {
    key: newKey(),
    chosen: false,
    title: "",
    description: "",
    minimum: "",
    quantity: "",
    deliveryMonth: "",
    questionKind: "none",
    questionLabel: "",
    choices: "",
  };
}

type StoredReward = {
  _id: string;
  chosen: boolean;
  title: string;
  description: string;
  minimumCents: number;
  quantity: number | null;
  deliveryMonth: string | null;
  question: { label: string; choices?: string[] } | null;
};

/** The event's rewards as the editor shows them. */
export function valuesOfRewards(rewards: StoredReward[]): RewardValues[] {
  return rewards.map((reward) => ({
    key: newKey(),
    id: reward._id,
    chosen: reward.chosen,
    title: reward.title,
    description: reward.description,
    minimum: centsToInput(reward.minimumCents),
    quantity: reward.quantity === null ? "" : String(reward.quantity),
    deliveryMonth: reward.deliveryMonth ?? "",
    questionKind: reward.question === null ? "none" : reward.question.choices === undefined ? "text" : "choices",
    questionLabel: reward.question?.label ?? "",
    choices: reward.question?.choices?.join("\n") ?? "",
  }));
}

/** What the server takes, checked with its own rule (shared/rewards.ts), or the first message. */
export function toRewards(values: RewardValues[], goalCents: number): { rewards: RewardInput[] } | { message: string } {
  const inputs: RewardInput[] = [];
  for (const value of values) {
    const minimumCents = parseBRL(value.minimum);
    if (minimumCents === null) return { message: REWARD_MESSAGES.invalidMinimum };
    const quantityText = value.quantity.trim();
    if (quantityText !== "" && !/^\d+$/.test(quantityText)) return { message: REWARD_MESSAGES.invalidQuantity };
    const choices = value.choices
      .split("\n")
      .map((choice) => choice.trim())
      .filter((choice) => choice !== "");
    inputs.push({
      ...(value.id === undefined ? {} : { id: value.id }),
      title: value.title,
      description: value.description,
      minimumCents,
      ...(quantityText === "" ? {} : { quantity: Number(quantityText) }),
      ...(value.deliveryMonth === "" ? {} : { deliveryMonth: value.deliveryMonth }),
      ...(value.questionKind === "none"
        ? {}
        : { question: { label: value.questionLabel, ...(value.questionKind === "choices" ? { choices } : {}) } }),
    });
  }
  const checked = checkRewards(inputs, goalCents);
  return "message" in checked ? checked : { rewards: inputs };
}
