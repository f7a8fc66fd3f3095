/** What the app reads of an event: the home page's card, the event page, a row of "Meus Eventos". */
import type { Doc } from "../../_generated/dataModel";
import { env, type QueryCtx } from "../../_generated/server";
import { imageUrlOf } from "./images";
import { shareUrlOf } from "../../model/shared/eventPreview";
import { goalReached, percentRaised, progressValue, statusOf } from "../../model/shared/eventRules";
import { SETTLEMENT_LABELS, supportClosedReason } from "../../model/shared/lifecycle";
import { fundingModeOf } from "../../model/shared/fundingMode";

/** What a card on the home page needs. */
export async function toEventSummary(ctx: QueryCtx, event: Doc<"events">) {
  return {
    _id: event._id,
    name: event.name,
    category: event.category,
    startsAt: event.startsAt,
    /** Absent on events from before places existed. */
    city: event.city ?? null,
    uf: event.uf ?? null,
    /** `Evento online`: no place; cards and the page say `Online`. */
    isOnline: event.isOnline === true,
    imageUrl: await imageUrlOf(ctx, event),
    isTicketed: event.isTicketed,
    /** `Modalidade`: `Tudo ou nada` or `Flexível` (cards and the page say which). */
    fundingMode: fundingModeOf(event),
    goalCents: event.goalCents,
    raisedCents: event.raisedCents,
    percent: percentRaised(event),
    progress: progressValue(event),
    /** Raised reached the goal itself ("META ATINGIDA"), whatever the goal percentage. */
    goalReached: goalReached(event),
    status: statusOf(event),
    settlement: event.settlement ?? null,
    /** "Repassado ao organizador" etc. once settled, else null. */
    settlementLabel: event.settlement === undefined ? null : SETTLEMENT_LABELS[event.settlement],
  };
}
export type EventSummary = Awaited<ReturnType<typeof toEventSummary>>;

/** The event page: everything, plus the derived progress and whether supporting is open. */
export async function toEventDetail(ctx: QueryCtx, event: Doc<"events">) {
  return {
    ...(await toEventSummary(ctx, event)),
    description: event.description ?? null,
    venueName: event.venueName ?? null,
    minSupportCents: event.minSupportCents,
    goalPercentage: event.goalPercentage,
    creatorId: event.creatorId,
    ticketsGenerated: event.ticketsGenerated,
    uniqueSupporters: event.uniqueSupporters,
    /** Sold through ticket types (the `Ingressos` block) rather than one ticket per support. */
    hasTicketTypes: event.hasTicketTypes === true,
    /** The link to share: its page carries the link preview and sends browsers to the app. */
    shareUrl: shareUrlOf(env.CONVEX_SITE_URL ?? "", event._id),
    supportClosedReason: supportClosedReason(event, null),
    supportingOpen: supportClosedReason(event, null) === null,
  };
}

/** A row of "Meus Eventos": the summary plus surplus (positive) or shortfall (negative). */
export async function toOwnEvent(ctx: QueryCtx, event: Doc<"events">) {
  return {
    ...(await toEventDetail(ctx, event)),
    balanceCents: event.raisedCents - event.goalCents,
  };
}
