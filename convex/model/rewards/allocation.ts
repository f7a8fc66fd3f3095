/**
 * How the event's queue decides the limited rewards supporters chose (model/supports/queue.ts
 * calls it for each support holding a reward, in order), the way ticketAllocation.ts decides
 * ticket types: against the exact count the supports before it left, a support takes one unit
 * or is refunded with `Esta recompensa esgotou.`. So a reward never goes past its quantity,
 * however many choose it at once. A refund gives the unit back (`releaseRewards`).
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { countRowOf } from "./catalog";
import { checkRewardChoice, remainingOf, REWARD_MESSAGES, type RewardQuestion } from "../../model/shared/rewards";

type RewardState = {
  quantity: number | undefined;
  minimumCents: number;
  question: RewardQuestion | undefined;
  soldOut: boolean;
  eventId: Id<"events">;
  taken: number;
  changed: boolean;
};

/**
 * Decides the rewards of one turn of the event's queue: each reward's count is read once,
 * moved on in memory, and written once by `flush`.
 */
export function rewardDecider(ctx: MutationCtx) {
  const states = new Map<Id<"rewards">, RewardState>();

  async function stateOf(rewardId: Id<"rewards">): Promise<RewardState | null> {
    const known = states.get(rewardId);
    if (known !== undefined) return known;
    const reward = await ctx.db.get("rewards", rewardId);
    if (reward === null) return null;
    const taken = (await countRowOf(ctx, rewardId))?.taken ?? 0;
    const { quantity, minimumCents, question, eventId } = reward;
    const state = { quantity, minimumCents, question, soldOut: reward.soldOut === true, eventId, taken, changed: false };
    states.set(rewardId, state);
    return state;
  }

  return {
    /**
     * Takes one unit of the reward for a support, or says why not (the caller refunds it). The
     * choice was checked at the door; it is checked again here because the organizer may have
     * removed the reward, raised its minimum or changed its question while it waited.
     */
    async take(choice: {
      rewardId: Id<"rewards">;
      answer?: string;
      amountCents: number;
    }): Promise<{ ok: true } | { ok: false; refusal: string }> {
      const state = await stateOf(choice.rewardId);
      // The door's checks, in their order; sold out is decided here by the exact count instead of the flag.
      const checked = checkRewardChoice(
        state && { minimumCents: state.minimumCents, question: state.question },
        choice.amountCents,
        choice.answer,
      );
      if ("message" in checked || state === null)
        return { ok: false, refusal: "message" in checked ? checked.message : REWARD_MESSAGES.notFound };
      if (remainingOf(state, state.taken) === 0) return { ok: false, refusal: REWARD_MESSAGES.soldOut };
      state.taken += 1;
      state.changed = true;
      return { ok: true };
    },

    /** Stores the counts that moved and flags a reward that sold out, so later supporters are told before paying. */
    async flush(): Promise<void> {
      for (const [rewardId, state] of states) {
        if (!state.changed) continue;
        await writeCount(ctx, rewardId, state.eventId, state.taken);
        if (remainingOf(state, state.taken) === 0 && !state.soldOut) {
          await ctx.db.patch("rewards", rewardId, { soldOut: true });
          state.soldOut = true;
        }
        state.changed = false;
      }
    },
  };
}

async function writeCount(ctx: MutationCtx, rewardId: Id<"rewards">, eventId: Id<"events">, taken: number): Promise<void> {
  const row = await countRowOf(ctx, rewardId);
  if (row === null) await ctx.db.insert("rewardCounts", { eventId, rewardId, taken });
  else await ctx.db.patch("rewardCounts", row._id, { taken });
}

/** Gives back the units of refunded supports (per reward, how many), and lifts a sold-out flag. */
export async function releaseRewards(ctx: MutationCtx, released: Map<Id<"rewards">, number>): Promise<void> {
  for (const [rewardId, units] of released) {
    const row = await countRowOf(ctx, rewardId);
    if (row === null) throw new Error(`released ${units} of reward ${rewardId}, which holds none`);
    const taken = row.taken - units;
    if (taken < 0) throw new Error(`reward ${rewardId} would hold ${taken} supports`);
    await ctx.db.patch("rewardCounts", row._id, { taken });
    const reward = await ctx.db.get("rewards", rewardId);
    if (reward?.soldOut === true && remainingOf(reward, taken) !== 0) await ctx.db.patch("rewards", rewardId, { soldOut: undefined });
  }
}
