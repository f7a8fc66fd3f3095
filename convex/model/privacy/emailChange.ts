/**
 * `Corrigir meu e-mail` (LGPD art. 18, III): the e-mail changes only once a code sent to the new
 * address comes back. One change waits per person (a new request replaces it); its code has 8
 * digits, lasts 15 minutes, works once and only its keyed fingerprint is stored; 5 wrong codes
 * drop it. Asking is limited per person and per address, so nobody's inbox can be flooded.
 *
 * Once confirmed: the user row and the e-mail sign-in account follow the new address (signing in
 * with it reaches the same account; a Google sign-in keeps it, auth.ts), tickets and team
 * invitations waiting for it are claimed, and the old address is told.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { checkAddress } from "../email/address";
import { sendEmail } from "../email/outbox";
import { emailConfigured } from "../email/provider";
import { CODE_TTL_SECONDS, EMAIL_PROVIDER_ID, generateCode } from "../email/signInCode";
import { emailChangeCodeEmail, emailChangedEmail } from "../email/templates/emailChange";
import { enforceRateLimit } from "../core/rateLimits";
import { EMAIL_CHANGE_MESSAGES as MESSAGES, MAX_WRONG_CODE_TRIES } from "../../model/shared/emailChange";
import { appError } from "../../model/shared/errors";
import { claimTeamInvites } from "../team/members";
import { claimTransfers } from "../tickets/transfer";
import { keyedHash } from "./keyedHash";
import { rememberWelcomeBonus } from "./welcomeBonus";

/** Sign-in accounts whose id is the e-mail itself, which must follow the change. */
const ACCOUNTS_NAMED_BY_EMAIL = [EMAIL_PROVIDER_ID, "local"];

export type EmailChangeOutcome = { changed: true; email: string } | { changed: false; message: string };

function pendingChange(ctx: QueryCtx, userId: Id<"users">) {
  return ctx.db
    .query("emailChanges")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
}

/** The code's fingerprint, tied to the person and the address it confirms. */
function codeHash(userId: Id<"users">, email: string, code: string): Promise<string> {
  return keyedHash("email-change-code", `${userId}:${email}:${code}`);
}

/** The change waiting for its code, as the page shows it (an expired one is refused, then dropped, by `confirm`); null when none. */
export async function emailChangeStatus(ctx: QueryCtx, userId: Id<"users">) {
  const pending = await pendingChange(ctx, userId);
  return pending === null ? null : { newEmail: pending.newEmail, expiresAt: pending.expiresAt };
}

/** Drops the person's waiting change, if any. */
export async function cancelEmailChange(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const pending = await pendingChange(ctx, userId);
  if (pending !== null) await endChange(ctx, pending);
}

/**
 * Ends a change (used, replaced, expired, too many wrong codes, cancelled). Its code e-mail needs
 * nothing more: the outbox kept the code apart and forgets it once sent or 15 minutes old
 * (model/email/secret.ts), and with the row gone the code confirms nothing.
 */
async function endChange(ctx: MutationCtx, change: Doc<"emailChanges">): Promise<void> {
  await ctx.db.delete("emailChanges", change._id);
}

/** Sends a code to `rawEmail` for the person's change to it; refuses a bad, unchanged or too frequent request. */
export async function requestEmailChange(ctx: MutationCtx, user: Doc<"users">, rawEmail: string, now: number): Promise<string> {
  if (!emailConfigured()) throw appError("EMAIL_CHANGE_REFUSED", MESSAGES.unavailable);
  // Bounded before any work; checkAddress then trims and lower-cases (254 characters at most).
  const email = rawEmail.length > 1_000 ? null : checkAddress(rawEmail);
  if (email === null) throw appError("INVALID_EMAIL", MESSAGES.invalidEmail);
  if (email === user.email?.toLowerCase()) throw appError("EMAIL_CHANGE_REFUSED", MESSAGES.sameEmail);
  await enforceRateLimit(ctx, "emailChangeCode", user._id);
  await enforceRateLimit(ctx, "emailChangeTo", email);
  await cancelEmailChange(ctx, user._id);
  const code = generateCode();
  const codeHashed = await codeHash(user._id, email, code);
  await sendEmail(ctx, { ...emailChangeCodeEmail(), secret: code, to: email, kind: "emailChangeCode", userId: user._id });
  await ctx.db.insert("emailChanges", {
    userId: user._id,
    newEmail: email,
    codeHash: codeHashed,
    expiresAt: now + CODE_TTL_SECONDS * 1_000,
    wrongTries: 0,
  });
  return email;
}

/**
 * Checks the code and, when right, makes the change. A wrong code is counted (so the outcome is
 * returned, not thrown: a throw would roll the count back).
 */
export async function confirmEmailChange(ctx: MutationCtx, user: Doc<"users">, rawCode: string, now: number): Promise<EmailChangeOutcome> {
  const code = rawCode.length > 64 ? "" : rawCode.replace(/\s+/g, "");
  if (!/^\d{8}$/.test(code)) return { changed: false, message: MESSAGES.codeFormat };
  const pending = await pendingChange(ctx, user._id);
  if (pending === null) return { changed: false, message: MESSAGES.noPending };
  if (pending.expiresAt <= now) {
    await endChange(ctx, pending);
    return { changed: false, message: MESSAGES.expired };
  }
  if ((await codeHash(user._id, pending.newEmail, code)) !== pending.codeHash) {
    const wrongTries = pending.wrongTries + 1;
    if (wrongTries >= MAX_WRONG_CODE_TRIES) await endChange(ctx, pending);
    else await ctx.db.patch("emailChanges", pending._id, { wrongTries });
    return { changed: false, message: wrongTries >= MAX_WRONG_CODE_TRIES ? MESSAGES.tooManyTries : MESSAGES.badCode };
  }
  await endChange(ctx, pending);
  if (await emailTaken(ctx, pending.newEmail, user._id)) return { changed: false, message: MESSAGES.taken };
  await applyEmailChange(ctx, user, pending.newEmail, now);
  return { changed: true, email: pending.newEmail };
}

/** Whether another account already uses the address (its profile, or an e-mail sign-in named by it). */
async function emailTaken(ctx: QueryCtx, email: string, userId: Id<"users">): Promise<boolean> {
  const users = await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .take(10);
  if (users.some((other) => other._id !== userId)) return true;
  for (const provider of ACCOUNTS_NAMED_BY_EMAIL) {
    const account = await ctx.db
      .query("authAccounts")
      .withIndex("providerAndAccountId", (q) => q.eq("provider", provider).eq("providerAccountId", email))
      .first();
    if (account !== null && account.userId !== userId) return true;
  }
  return false;
}

async function applyEmailChange(ctx: MutationCtx, user: Doc<"users">, email: string, now: number): Promise<void> {
  const oldEmail = user.email;
  // The old address had this account's welcome bonus: a new account made with it gets none.
  await rememberWelcomeBonus(ctx, oldEmail);
  await ctx.db.patch("users", user._id, { email, chosenEmail: email, emailVerificationTime: now });
  for (const provider of ACCOUNTS_NAMED_BY_EMAIL) {
    const accounts = await ctx.db
      .query("authAccounts")
      .withIndex("userIdAndProvider", (q) => q.eq("userId", user._id).eq("provider", provider))
      .take(10);
    for (const account of accounts) await ctx.db.patch("authAccounts", account._id, { providerAccountId: email });
  }
  await claimTransfers(ctx, user._id);
  await claimTeamInvites(ctx, user._id);
  if (oldEmail !== undefined && oldEmail !== "")
    await sendEmail(ctx, { ...emailChangedEmail(email), to: oldEmail, kind: "emailChanged", userId: user._id });
}
