/**
 * An event's `Recompensas` in the database: the organizer's list (created with the event,
 * replaced by `Editar evento`), the choice a supporter makes at support time, and the list the
 * event page shows. The rules themselves are in shared/rewards.ts; how the queue decides a
 * limited reward is in rewardAllocation.ts.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { idArg } from "../core/args";
import { appError } from "../../model/shared/errors";
import {
  checkRewardChoice,
  checkRewards,
  MAX_REWARDS,
  remainingOf,
  REWARD_MESSAGES,
  type RewardInput,
  type ValidReward,
} from "../../model/shared/rewards";

/** The event's rewards in their order (never more than MAX_REWARDS). */
export function rewardsOf(ctx: QueryCtx, eventId: Id<"events">): Promise<Doc<"rewards">[]> {
  return ctx.db
    .query("rewards")
    .withIndex("by_eventId_and_position", (q) => q.eq("eventId", eventId))
    .take(MAX_REWARDS);
}

/** The count row of a reward, or null before its first support. */
export function countRowOf(ctx: QueryCtx, rewardId: Id<"rewards">) {
  return ctx.db
    .query("rewardCounts")
    .withIndex("by_rewardId", (q) => q.eq("rewardId", rewardId))
    .unique();
}

/** How many supports hold the reward now. */
export async function takenOf(ctx: QueryCtx, rewardId: Id<"rewards">): Promise<number> {
  return (await countRowOf(ctx, rewardId))?.taken ?? 0;
}

/** The stored fields of a checked reward (its `id` names the row, it is not stored in it). */
function fieldsOf(reward: ValidReward): Omit<ValidReward, "id"> {
  const { title, description, minimumCents, quantity, deliveryMonth, question } = reward;
  return {
    title,
    description,
    minimumCents,
    ...(quantity === undefined ? {} : { quantity }),
    ...(deliveryMonth === undefined ? {} : { deliveryMonth }),
    ...(question === undefined ? {} : { question }),
  };
}

/** A new event's rewards, checked against its goal; throws before any write. */
export function checkNewRewards(inputs: RewardInput[] | undefined, goalCents: number): ValidReward[] {
  if (inputs === undefined) return [];
  if (inputs.some((input) => input.id !== undefined)) throw appError("INVALID_REWARD", REWARD_MESSAGES.notFound);
  const checked = checkRewards(inputs, goalCents);
  if ("message" in checked) throw appError("INVALID_REWARD", checked.message);
  return checked.rewards;
}

export async function insertRewards(ctx: MutationCtx, eventId: Id<"events">, rewards: ValidReward[]): Promise<void> {
  for (const [position, reward] of rewards.entries()) await ctx.db.insert("rewards", { eventId, position, ...fieldsOf(reward) });
}

/**
 * `Editar evento`'s list replaces the event's, all or nothing. Rewards may be added and their
 * quantities raised at any time; a reward a support holds keeps its minimum and stays, and no
 * quantity goes below what was taken. (A support still in the queue is checked again when it
 * comes up: against a raised minimum or a removed reward it is refunded, in the event's order.)
 * Every refusal is thrown before the first write.
 */
export async function replaceRewards(ctx: MutationCtx, event: Pick<Doc<"events">, "_id" | "goalCents">, inputs: RewardInput[]) {
  const checked = checkRewards(inputs, event.goalCents);
  if ("message" in checked) throw appError("INVALID_REWARD", checked.message);
  const existing = new Map((await rewardsOf(ctx, event._id)).map((reward) => [reward._id as string, reward]));
  const kept = new Set<string>();
  const plan: { reward: ValidReward; before: Doc<"rewards"> | null; taken: number }[] = [];
  for (const reward of checked.rewards) {
    const before = reward.id === undefined ? null : (existing.get(reward.id) ?? null);
    if (reward.id !== undefined && (before === null || kept.has(reward.id))) throw appError("INVALID_REWARD", REWARD_MESSAGES.notFound);
    const taken = before === null ? 0 : await takenOf(ctx, before._id);
    if (before !== null) {
      kept.add(before._id);
      if (taken > 0 && reward.minimumCents !== before.minimumCents) {
        throw appError("REWARD_FROZEN", REWARD_MESSAGES.minimumFrozen);
      }
      if (reward.quantity !== undefined && reward.quantity < taken) {
        throw appError("REWARD_FROZEN", REWARD_MESSAGES.quantityBelowTaken(taken));
      }
    }
    plan.push({ reward, before, taken });
  }
  for (const reward of existing.values()) {
    if (!kept.has(reward._id) && (await takenOf(ctx, reward._id)) > 0) throw appError("REWARD_FROZEN", REWARD_MESSAGES.removeChosen);
  }

  for (const reward of existing.values()) if (!kept.has(reward._id)) await ctx.db.delete("rewards", reward._id);
  for (const [position, { reward, before, taken }] of plan.entries()) {
    const fields = fieldsOf(reward);
    if (before === null) {
      await ctx.db.insert("rewards", { eventId: event._id, position, ...fields });
      continue;
    }
    // Raised above what was taken, a sold-out reward is on offer again.
    const soldOut = remainingOf(fields, taken) === 0 ? { soldOut: true as const } : {};
    await ctx.db.replace("rewards", before._id, { eventId: event._id, position, ...fields, ...soldOut });
  }
}

/** What a supporter chose, checked: the reward (of this event) and their answer. */
export type RewardChoice = { rewardId: Id<"rewards">; answer?: string };

/**
 * Checks a supporter's choice before they pay: a reward of this event, not sold out, an amount
 * at its minimum, an answer that fits its question. Writes nothing: every support of a hot event
 * reads the reward, and a write here would make them conflict. Null for `Sem recompensa`.
 */
export async function chooseReward(
  ctx: QueryCtx,
  eventId: Id<"events">,
  choice: { rewardId?: string; answer?: string; amountCents: number },
): Promise<RewardChoice | null> {
  if (choice.rewardId === undefined) {
    if ((choice.answer?.trim() ?? "") !== "") throw appError("INVALID_REWARD_CHOICE", REWARD_MESSAGES.answerWithoutQuestion);
    return null;
  }
  const rewardId = idArg(ctx, "rewards", choice.rewardId);
  const reward = rewardId === null ? null : await ctx.db.get("rewards", rewardId);
  const ofThisEvent = reward !== null && reward.eventId === eventId ? reward : null;
  const checked = checkRewardChoice(ofThisEvent, choice.amountCents, choice.answer);
  if ("message" in checked) throw appError(checked.code, checked.message);
  return { rewardId: ofThisEvent!._id, ...checked };
}

/** The event page's `Recompensas`: each with what is left (`Restam N`), live. */
export async function rewardListOf(ctx: QueryCtx, eventId: Id<"events">) {
  const rewards = await rewardsOf(ctx, eventId);
  return Promise.all(
    rewards.map(async (reward) => {
      const taken = await takenOf(ctx, reward._id);
      const remaining = remainingOf(reward, taken);
      return {
        _id: reward._id,
        title: reward.title,
        description: reward.description,
        minimumCents: reward.minimumCents,
        quantity: reward.quantity ?? null,
        deliveryMonth: reward.deliveryMonth ?? null,
        question: reward.question ?? null,
        /** Whether a support holds it: its minimum is then frozen and it cannot be removed. */
        chosen: taken > 0,
        taken,
        remaining,
        soldOut: remaining === 0,
      };
    }),
  );
}
export type RewardView = Awaited<ReturnType<typeof rewardListOf>>[number];
