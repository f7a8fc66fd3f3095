import { internal } from "../../_generated/api";
import { env } from "../../_generated/server";
import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import { createAccount } from "@convex-dev/auth/server";
import { isWithinRawLimit } from "../../model/shared/limits";
import { cleanText, hasVisibleText, isPlainEmailText } from "../../model/shared/cleanText";
import { isEmailAddress } from "../../model/shared/email";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";
import { enforceRateLimit } from "../core/rateLimits";

const MAX_NAME_LENGTH = 80;
const MAX_EMAIL_LENGTH = 254;

/** True when this deployment allows local sign-in (development, tests, the local backend). */
export function localSignInEnabled(): boolean {
  return env.AUTH_LOCAL_LOGIN === "true";
}

/**
 * Sign-in with just a name and an e-mail, for people without Google credentials on a local
 * backend. Never enabled in production. Signing in again with the same e-mail is the same
 * user: createAccount without a secret is idempotent.
 */
export const LocalSignIn = ConvexCredentials({
  id: "local",
  authorize: async (credentials, ctx) => {
    const rawName = typeof credentials.name === "string" ? credentials.name : "";
    const rawEmail = typeof credentials.email === "string" ? credentials.email : "";
    // Bounded before any work; then the name is cleaned and the e-mail must be plain text.
    if (!isWithinRawLimit(rawName, MAX_NAME_LENGTH) || !isWithinRawLimit(rawEmail, MAX_EMAIL_LENGTH)) {
      throw appError("NOT_SIGNED_IN", MESSAGES.invalidSignIn);
    }
    const name = cleanText(rawName);
    const email = rawEmail.trim().toLowerCase();
    if (
      !hasVisibleText(name) ||
      name.length > MAX_NAME_LENGTH ||
      email.length > MAX_EMAIL_LENGTH ||
      !isPlainEmailText(email) ||
      !isEmailAddress(email)
    ) {
      throw appError("NOT_SIGNED_IN", MESSAGES.invalidSignIn);
    }
    // Its own transaction (this runs in an action), so a refused sign-in still spends a try.
    await enforceRateLimit(ctx, "localSignIn", email);
    const { user } = await createAccount(ctx, {
      provider: "local",
      account: { id: email },
      profile: { email, name },
    });
    await ctx.runMutation(internal.myData.recordLocalSignIn, { userId: user._id });
    return { userId: user._id };
  },
});
