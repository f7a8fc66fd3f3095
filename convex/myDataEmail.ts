/**
 * `Corrigir meu e-mail` in `Meus dados` (model/privacy/emailChange.ts): only ever the caller's
 * own e-mail; no function here takes a person.
 */
import { v } from "convex/values";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { cancelEmailChange, confirmEmailChange, emailChangeStatus, requestEmailChange } from "./model/privacy/emailChange";

/** The change waiting for its code (the address it goes to, until when), or null; null signed out too (no clock: queries stay cached). */
export const pending = callerQuery({
  args: {},
  handler: async (ctx) => (ctx.user === null ? null : emailChangeStatus(ctx, ctx.user._id)),
});

/** Sends a code to the new address; the e-mail changes only when it comes back (`confirm`). Returns the address, normalized. */
export const request = signedInMutation({
  args: { email: v.string() },
  handler: async (ctx, { email }) => requestEmailChange(ctx, ctx.user, email, Date.now()),
});

/** The code from the new address: the change is made, or the outcome says why not (a wrong code is counted). */
export const confirm = signedInMutation({
  args: { code: v.string() },
  handler: async (ctx, { code }) => confirmEmailChange(ctx, ctx.user, code, Date.now()),
});

/** Drops the waiting change (its code stops working). */
export const cancel = signedInMutation({
  args: {},
  handler: async (ctx) => cancelEmailChange(ctx, ctx.user._id),
});
