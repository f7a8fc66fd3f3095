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
};
