/**
 * The fields `events:create` takes (and `events:update`, with the event's id). The types the
 * forms and the shared rules use are read off these validators (EventInput,
 * EventDetailsInput), so the function's arguments are stated once.
 */
import { v } from "convex/values";

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
  venueName: v.string(),
  city: v.string(),
  uf: v.string(),
  imageUrl: v.optional(v.string()),
  /** An upload claimed with `claimImageUpload`, instead of imageUrl. */
  imageStorageId: v.optional(v.string()),
};
