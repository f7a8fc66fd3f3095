/**
 * `Entrar com e-mail`: Convex Auth's e-mail provider with a one-time code of 8 digits, valid 15
 * minutes and deleted once used (Convex Auth keeps only its hash). The code goes out through the
 * outbox like every other e-mail.
 *
 * Limits: a code is asked for at most 5 times an hour per e-mail address and 300 times an hour in
 * all (Convex actions do not see the caller's IP address, so the deployment-wide cap stands in
 * for a per-address one against a flood spread over many e-mails); a wrong, expired or reused
 * code counts against Convex Auth's own limit of 10 failed tries an hour per e-mail.
 *
 * The same person reaches the same account: Convex Auth links an e-mail or Google sign-in to the
 * one user whose e-mail is verified (by a code, or by Google), never to an account made with the
 * unverified local sign-in.
 */
import type { EmailProviderSendVerificationRequestParams } from "@auth/core/providers/email";
import { Email } from "@convex-dev/auth/providers/Email";
import type { GenericMutationCtx, AnyDataModel } from "convex/server";
import { internal } from "../../_generated/api";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { enforceRateLimit } from "../core/rateLimits";
import { checkAddress } from "./address";
import { EMAIL_SIGN_IN_MESSAGES } from "../../model/shared/emailSignIn";
import { emailConfigured } from "./provider";

export const EMAIL_PROVIDER_ID = "email";
export const CODE_DIGITS = 8;
export const CODE_TTL_SECONDS = 15 * 60;

export const SIGN_IN_MESSAGES = EMAIL_SIGN_IN_MESSAGES;

/** 8 random digits, from the runtime's cryptographic source (10^8 codes against 10 tries an hour). */
export function generateCode(): string {
  const values = crypto.getRandomValues(new Uint32Array(CODE_DIGITS));
  return Array.from(values, (value) => String(value % 10)).join("");
}

/**
 * Runs in the transaction that creates the code (Convex Auth's afterUserCreatedOrUpdated with
 * type "email"): a refusal here rolls the code and any new account back, so a bad address or a
 * flood leaves nothing behind. The address must be exactly its normal form (the form sends it so).
 */
export async function checkCodeRequest(ctx: GenericMutationCtx<AnyDataModel>, email: unknown): Promise<void> {
  const appCtx = ctx as unknown as MutationCtx;
  if (!emailConfigured()) throw appError("INVALID_EMAIL", SIGN_IN_MESSAGES.unavailable);
  if (typeof email !== "string" || checkAddress(email) !== email) throw appError("INVALID_EMAIL", SIGN_IN_MESSAGES.invalidEmail);
  await enforceRateLimit(appCtx, "signInCodeEmail", email);
  await enforceRateLimit(appCtx, "signInCodeAll", "all");
}

type CodeMutation = (ref: typeof internal.emails.sendSignInCode, args: { to: string; code: string }) => Promise<unknown>;

async function sendCode({ identifier, token }: EmailProviderSendVerificationRequestParams, ctx: { runMutation: CodeMutation }) {
  await ctx.runMutation(internal.emails.sendSignInCode, { to: identifier, code: token });
}

export const EmailCode = Email({
  id: EMAIL_PROVIDER_ID,
  maxAge: CODE_TTL_SECONDS,
  generateVerificationToken: async () => generateCode(),
  // Convex Auth calls it with the action's context as a second argument its types do not declare.
  sendVerificationRequest: sendCode as (params: EmailProviderSendVerificationRequestParams) => Promise<void>,
});
