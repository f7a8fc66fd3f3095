import type { OptimisticLocalStore } from "convex/browser";
import { api } from "@convex/_generated/api";
import { goalReached, percentRaised, progressValue, statusOf } from "@convex/model/shared/eventRules";
import { supportClosedReason } from "@convex/model/shared/lifecycle";
import type { EventDetail } from "../../lib/api-types";

/**
 * The event page's figures once a support of `amountCents` is in, by the server's own rules
 * (eventRules, lifecycle), so what the supporter sees at once is what the server will say.
 * `firstSupport`: the person had not supported the event before (one more supporter).
 */
export function withSupport(event: EventDetail, amountCents: number, firstSupport: boolean): EventDetail {
  const funding = { raisedCents: event.raisedCents + amountCents, goalCents: event.goalCents, goalPercentage: event.goalPercentage };
  const closedReason = supportClosedReason({ ...funding, startsAt: event.startsAt, settlement: event.settlement }, null);
  return {
    ...event,
    raisedCents: funding.raisedCents,
    percent: percentRaised(funding),
    progress: progressValue(funding),
    goalReached: goalReached(funding),
    status: statusOf(funding),
    uniqueSupporters: event.uniqueSupporters + (firstSupport ? 1 : 0),
    ticketsGenerated: event.ticketsGenerated + (event.isTicketed ? 1 : 0),
    supportClosedReason: closedReason,
    supportingOpen: closedReason === null,
  };
}

/**
 * The optimistic update of `supports:support`: the supporter's wallet, the event's raised
 * amount, percent and bar, and their own total move before the server answers. Convex drops it
 * once the answer is in (or the call fails), and the server's values take over.
 */
export function addSupportOptimistically(store: OptimisticLocalStore, { eventId, amountCents }: { eventId: string; amountCents: number }) {
  const me = store.getQuery(api.users.me, {});
  if (me) store.setQuery(api.users.me, {}, { ...me, walletCents: me.walletCents - amountCents });
  const mine = store.getQuery(api.supports.mine, { eventId });
  if (mine !== undefined) store.setQuery(api.supports.mine, { eventId }, { supported: true, amountCents: mine.amountCents + amountCents });
  const event = store.getQuery(api.events.get, { id: eventId });
  if (event) store.setQuery(api.events.get, { id: eventId }, withSupport(event, amountCents, mine?.supported === false));
}
