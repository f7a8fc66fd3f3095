/** The outbox's table and the e-mail preferences on `users` (schema.ts spreads them in). */
import { defineTable } from "convex/server";
import { literals } from "convex-helpers/validators";
import { v } from "convex/values";

/** Every kind of e-mail the app sends (model/email/templates/ renders each). */
export const EMAIL_KINDS = [
  "purchaseConfirmed",
  "supportReceipt",
  "eventCancelled",
  "refund",
  "ticketReceived",
  "ticketsHeld",
  "depositConfirmed",
  "withdrawalPaid",
  "withdrawalFailed",
  "eventReminder",
  "goalReached",
  "payoutDone",
  "firstSupport",
  "eventUpdate",
  "signInCode",
  // `Corrigir meu e-mail` (model/privacy/emailChange.ts): the code to the new address, the notice to the old.
  "emailChangeCode",
  "emailChanged",
  "custom",
] as const;

const kindValidator = literals(...EMAIL_KINDS);

export const emailTables = {
  // The outbox (model/email/outbox.ts): one row per e-mail, written with what caused it.
  emails: defineTable({
    to: v.string(),
    userId: v.optional(v.id("users")),
    kind: kindValidator,
    subject: v.string(),
    html: v.string(),
    text: v.string(),
    qrCodes: v.optional(v.array(v.string())),
    unsubscribeUrl: v.optional(v.string()),
    dedupeKey: v.optional(v.string()),
    /** The sign-in code, kept apart from the body and only until sent (model/email/secret.ts). */
    secret: v.optional(v.string()),
    /** unsent: recorded on a deployment without a provider. */
    state: v.union(v.literal("queued"), v.literal("sending"), v.literal("sent"), v.literal("failed"), v.literal("unsent")),
    /** Attempts made, not counting those the provider throttled (429). */
    attempts: v.number(),
    /** Requests the provider throttled (429): they spend no attempt but make the waits grow. */
    throttles: v.optional(v.number()),
    /** queued: when the next attempt is due; sending: when its lease runs out. */
    dueAt: v.number(),
    sentAt: v.optional(v.number()),
    failedAt: v.optional(v.number()),
    providerId: v.optional(v.string()),
    /** The scheduled job of the next attempt: the sweep leaves a row alone while it is pending or running. */
    sendJobId: v.optional(v.id("_scheduled_functions")),
    /** The last attempt's error (kept on a sent row after retries, for the record). */
    error: v.optional(v.string()),
  })
    .index("by_state_and_dueAt", ["state", "dueAt"])
    .index("by_dedupeKey", ["dedupeKey"])
    .index("by_userId_and_state", ["userId", "state"]),

  // `Notificações por e-mail` (model/email/preferences.ts): the optional kinds a person turned
  // off (absent or true = on), and the secret of their one-click unsubscribe links. Created with
  // their first optional e-mail or their first change; receipts and tickets always go.
  emailPreferences: defineTable({
    userId: v.id("users"),
    token: v.string(),
    reminders: v.optional(v.boolean()),
    organizer: v.optional(v.boolean()),
    updates: v.optional(v.boolean()),
  })
    .index("by_userId", ["userId"])
    .index("by_token", ["token"]),
};
