import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { withSupport, type TimelineSeries } from "../../convex/model/events/timeline";
import type { Backend } from "./convex-backend";
import { insertUser, ROWS_PER_BATCH } from "./fill";
import type { FunctionCost } from "./function-cost";
import { measureQuery } from "./measure";
import { MINUTE } from "../../test-kit/time";

export const TIMELINE_SUPPORTS = 10_000;
const SUPPORT_CENTS = 500;

/**
 * events:timeline on an event with 10,000 supports, a minute apart (about a week). The
 * supports are written as they leave the database: ledger rows, the event's total, and the
 * series folded support by support with the same function the support mutation calls.
 */
export async function measureTimelineCost(t: Backend, eventId: Id<"events">): Promise<FunctionCost> {
  const supporterId = await insertUser(t, "Apoiadora Constante");
  for (let start = 0; start < TIMELINE_SUPPORTS; start += ROWS_PER_BATCH) {
    const end = Math.min(TIMELINE_SUPPORTS, start + ROWS_PER_BATCH);
    await t.run(async (ctx) => {
      for (let i = start; i < end; i++) {
        await ctx.db.insert("contributions", { eventId, userId: supporterId, amountCents: SUPPORT_CENTS });
      }
    });
  }
  const firstSupport = Date.now();
  let series: TimelineSeries | null = null;
  for (let i = 1; i <= TIMELINE_SUPPORTS; i++) series = withSupport(series, firstSupport + i * MINUTE, i * SUPPORT_CENTS);
  await t.run(async (ctx) => {
    const event = await ctx.db.get("events", eventId);
    if (event === null) throw new Error("the timeline's event is missing");
    await ctx.db.insert("supportTimelines", { eventId, ...series! });
    await ctx.db.patch("events", eventId, { raisedCents: event.raisedCents + TIMELINE_SUPPORTS * SUPPORT_CENTS });
  });

  const timeline = await measureQuery(t, api.events.timeline, { id: eventId });
  if (timeline.result === null) throw new Error("events:timeline returned null");
  const points = timeline.result.points.length;
  return {
    name: "events:timeline",
    detail: `${TIMELINE_SUPPORTS.toLocaleString("en")} supports, ${points} points`,
    cost: timeline.cost,
    points,
  };
}
