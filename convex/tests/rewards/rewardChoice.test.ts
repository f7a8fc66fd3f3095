import { describe, expect, test } from "vitest";
import { checkRewardChoice, REWARD_MESSAGES } from "../../model/shared/rewards";

// One order of refusals for a supporter's reward, used by the support form (src/features/support/
// reward-choice.ts), the server's door (model/rewards/catalog.ts) and the queue (model/rewards/allocation.ts).
const question = { label: "Tamanho da camiseta", choices: ["P", "M", "G"] };
const reward = { soldOut: false, minimumCents: 5_000, question };

describe("checkRewardChoice: the reward refusals, in their one order", () => {
  test("not this event's reward comes first", () => {
    expect(checkRewardChoice(null, 100, "XG")).toEqual({ code: "INVALID_REWARD_CHOICE", message: REWARD_MESSAGES.notFound });
  });

  test("then sold out, even below the minimum and with a wrong answer", () => {
    expect(checkRewardChoice({ ...reward, soldOut: true }, 100, "XG")).toEqual({
      code: "REWARD_SOLD_OUT",
      message: REWARD_MESSAGES.soldOut,
    });
  });

  test("then the minimum, even with a wrong answer", () => {
    expect(checkRewardChoice(reward, 4_999, "XG")).toEqual({
      code: "INVALID_REWARD_CHOICE",
      message: REWARD_MESSAGES.belowRewardMinimum(5_000),
    });
  });

  test("then the answer to its question", () => {
    expect(checkRewardChoice(reward, 5_000, "XG")).toEqual({ code: "INVALID_REWARD_CHOICE", message: REWARD_MESSAGES.answerNotAChoice });
    expect(checkRewardChoice(reward, 5_000, " ")).toEqual({ code: "INVALID_REWARD_CHOICE", message: REWARD_MESSAGES.answerMissing });
  });

  test("a pick that passes gives the answer trimmed", () => {
    expect(checkRewardChoice(reward, 5_000, " M ")).toEqual({ answer: "M" });
    expect(checkRewardChoice({ minimumCents: 1_000 }, 1_000, "")).toEqual({});
  });
});
