/**
 * The fields `events:create` takes (and `events:update`, with the event's id). The types the
 * forms and the shared rules use are read off these validators (EventInput,
 * EventDetailsInput), so the function's arguments are stated once.
 */
import { v } from "convex/values";

/** One ticket type as the forms send it; `id` names an existing one when editing. */
export const ticketTypeArg = v.object({
  id: v.optional(v.string()),
  name: v.string(),
  quantity: v.number(),
  meiaQuantity: v.number(),
  lotes: v.array(v.object({ priceCents: v.number(), endsAt: v.optional(v.number()), quantity: v.optional(v.number()) })),
});

/** One reward as the forms send it (model/shared/rewards.ts); `id` names an existing one when editing. */
export const rewardArg = v.object({
  id: v.optional(v.string()),
  title: v.string(),
  description: v.string(),
  minimumCents: v.number(),
  quantity: v.optional(v.number()),
  /** `Entrega prevista`, "YYYY-MM". */
  deliveryMonth: v.optional(v.string()),
  /** Without `choices`, the answer is free text. */
  question: v.optional(v.object({ label: v.string(), choices: v.optional(v.array(v.string())) })),
});

/** What an event is and where it happens: create and update take the same fields. */
export const eventFields = {
  name: v.string(),
  category: v.string(),
  startsAt: v.number(),
  goalCents: v.number(),
  minSupportCents: v.number(),
  goalPercentage: v.number(),
  isTicketed: v.boolean(),
  /** "Sobre o evento", optional. */
  description: v.optional(v.string()),
  /** The place: required unless the event is online. */
  venueName: v.optional(v.string()),
  city: v.optional(v.string()),
  uf: v.optional(v.string()),
  /** `Evento online`: no place; `onlineUrl` (http/https) is shown only to ticket holders and supporters. */
  isOnline: v.optional(v.boolean()),
  onlineUrl: v.optional(v.string()),
  imageUrl: v.optional(v.string()),
  /** An upload claimed with `claimImageUpload`, instead of imageUrl. */
  imageStorageId: v.optional(v.string()),
  /** Ingressos: types with their lotes (model/shared/ticketTypes.ts). Absent keeps what the event has. */
  ticketTypes: v.optional(v.array(ticketTypeArg)),
  /** `Máximo por pessoa` across the types (1..100); sent with `ticketTypes`, absent = no limit. */
  maxTicketsPerPerson: v.optional(v.number()),
  /** `Modalidade`: `Tudo ou nada` (the default) or `Flexível`. Absent on create: all-or-nothing; on edit: kept. */
  fundingMode: v.optional(v.union(v.literal("allOrNothing"), v.literal("flexible"))),
  /** `Recompensas` (model/shared/rewards.ts). Absent keeps what the event has. */
  rewards: v.optional(v.array(rewardArg)),
};
