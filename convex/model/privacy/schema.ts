/** The privacy module's own tables (schema.ts spreads them in). */
import { defineTable } from "convex/server";
import { v } from "convex/values";

export const privacyTables = {
  // `Corrigir meu e-mail` (model/privacy/emailChange.ts): the one change a person has waiting for
  // its code. The code itself is never stored, only its keyed fingerprint; the row goes once the
  // code is used, replaced by a new request, or wrong too many times. The outbox row carrying the
  // code keeps it apart and only until it is sent (model/email/secret.ts).
  emailChanges: defineTable({
    userId: v.id("users"),
    newEmail: v.string(),
    codeHash: v.string(),
    expiresAt: v.number(),
    wrongTries: v.number(),
  }).index("by_userId", ["userId"]),

  // The e-mails that already had the welcome bonus, as keyed fingerprints only (no person, no
  // address): an account deleted and made again with the same e-mail gets no second bonus
  // (model/privacy/welcomeBonus.ts).
  welcomeBonusEmails: defineTable({ emailHash: v.string() }).index("by_emailHash", ["emailHash"]),

  // What the five-year purge of deleted accounts took out of the books, one row per purge run,
  // summed: the books invariant adds it back, so it still balances once the rows are gone
  // (model/privacy/retention.ts, model/books/balance.ts).
  purgedBooks: defineTable({
    at: v.number(),
    accounts: v.number(),
    pixInCents: v.number(),
    welcomeCents: v.number(),
    pixOutCents: v.number(),
    walletsCents: v.number(),
  }),
};
