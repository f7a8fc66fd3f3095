/**
 * What a support tells people: the creator hears of their event's first support; when the
 * support reaches the goal, the creator and every supporter hear of it (supporters in
 * batches, model/notifications/fanOut.ts).
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { startFanOut } from "../notifications/fanOut";
import { notify } from "../notifications/inbox";
import { emailOrganizer } from "../email/triggers";
import { goalReached } from "../../model/shared/eventRules";

/** `event` as it was before the support; `raisedCents` its total after. */
export async function noticeSupport(ctx: MutationCtx, event: Doc<"events">, supporterId: Id<"users">, raisedCents: number): Promise<void> {
  // Counted by people, not money: free tickets raise nothing, and each would otherwise be "the first".
  if (event.uniqueSupporters === 0 && supporterId !== event.creatorId) {
    await notify(ctx, event.creatorId, event, { kind: "firstSupport" });
    await emailOrganizer(ctx, event, "firstSupport");
  }
  if (!goalReached(event) && goalReached({ ...event, raisedCents })) {
    await notify(ctx, event.creatorId, event, { kind: "goalReached" });
    await emailOrganizer(ctx, event, "goalReached");
    await startFanOut(ctx, { eventId: event._id, notice: { kind: "goalReached" }, skipUserId: event.creatorId });
  }
}
