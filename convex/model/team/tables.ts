/**
 * The tables of `Equipe` and the door, spread into the schema (schema.ts) from here so the team's
 * data stays in one place.
 */
import { defineTable } from "convex/server";
import { literals } from "convex-helpers/validators";
import { v } from "convex/values";
import { DOOR_OUTCOMES, DOOR_REFUSALS } from "../../model/shared/door";
import { TEAM_ROLES } from "../../model/shared/team";

export const teamTables = {
  /**
   * Someone the organizer invited to an event's team, by e-mail (lower case). `userId` is set once
   * that e-mail has an account (at the invitation, or at its first sign-in); only then does the
   * role act. Removing someone deletes the row: every check reads it, so access ends at once.
   */
  teamMembers: defineTable({
    eventId: v.id("events"),
    email: v.string(),
    role: literals(...TEAM_ROLES),
    userId: v.optional(v.id("users")),
    invitedAt: v.number(),
  })
    .index("by_eventId_and_email", ["eventId", "email"])
    // Invitations waiting for an e-mail's first sign-in.
    .index("by_email_and_userId", ["email", "userId"])
    .index("by_userId_and_eventId", ["userId", "eventId"]),

  /**
   * One door's shift on one device: opened when the check-in page downloads the codes. Entries
   * sent later must have happened after `openedAt` (server time) and not in the future.
   */
  doorSessions: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    doorName: v.string(),
    openedAt: v.number(),
  })
    .index("by_eventId", ["eventId"])
    .index("by_userId", ["userId"]),

  /**
   * Every entry a door sent, as the server decided it, in the order the scans happened:
   * `accepted` (the ticket's first entry), `duplicate` (someone entered with it earlier: `firstDoor`
   * at `firstAt`), `cancelled` or `transferred` (refused; the door reviews them).
   */
  doorScans: defineTable({
    eventId: v.id("events"),
    sessionId: v.id("doorSessions"),
    /** The device's own id for the scan, so a batch sent twice is applied once. */
    clientId: v.string(),
    doorName: v.string(),
    ticketId: v.id("tickets"),
    holderName: v.string(),
    typeLabel: v.string(),
    scannedAt: v.number(),
    outcome: literals(...DOOR_OUTCOMES),
    needsReview: v.boolean(),
    firstDoor: v.optional(v.string()),
    firstAt: v.optional(v.number()),
  })
    .index("by_sessionId_and_clientId", ["sessionId", "clientId"])
    .index("by_sessionId_and_needsReview_and_scannedAt", ["sessionId", "needsReview", "scannedAt"])
    .index("by_ticketId_and_outcome", ["ticketId", "outcome"]),

  /** A batch the server refused whole (forged or stale): nothing of it was applied; the organizer sees it. */
  doorRefusals: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    doorName: v.string(),
    reason: literals(...DOOR_REFUSALS),
    entries: v.number(),
    at: v.number(),
  })
    .index("by_eventId_and_at", ["eventId", "at"])
    .index("by_userId", ["userId"]),

  /**
   * An event's door figures, kept exact by every entry (model/door/figures.ts): entries per door,
   * per hour and per ticket type. Bounded lists: a few doors, the event's hours, its types.
   */
  doorFigures: defineTable({
    eventId: v.id("events"),
    perDoor: v.array(v.object({ key: v.string(), count: v.number() })),
    perHour: v.array(v.object({ key: v.string(), count: v.number() })),
    perType: v.array(v.object({ key: v.string(), count: v.number() })),
  }).index("by_eventId", ["eventId"]),
};
