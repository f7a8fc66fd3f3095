import Google from "@auth/core/providers/google";
import { convexAuth } from "@convex-dev/auth/server";
import { env, query } from "./_generated/server";
import { LocalSignIn, localSignInEnabled } from "./model/localSignIn";
import { giveInitialWallet } from "./model/users";

function googleConfigured(): boolean {
  return Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);
}

/**
 * Google, or a stand-in OpenID Connect issuer when AUTH_GOOGLE_ISSUER is set (only the browser
 * tests set it). The provider's own issuer wins over the AUTH_GOOGLE_ISSUER env default, so the
 * override must be passed explicitly; without it, discovery goes to accounts.google.com.
 */
const google = env.AUTH_GOOGLE_ISSUER ? Google({ issuer: env.AUTH_GOOGLE_ISSUER }) : Google;

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: [...(googleConfigured() ? [google] : []), ...(localSignInEnabled() ? [LocalSignIn] : [])],
  callbacks: {
    async afterUserCreatedOrUpdated(ctx, { userId, existingUserId }) {
      // Only a brand-new user gets the starting balance; signing in again never resets it.
      if (existingUserId === null) await giveInitialWallet(ctx, userId);
    },
  },
});

/** Which sign-ins this deployment offers, so the header shows only working buttons. */
export const providers = query({
  args: {},
  handler: async () => ({ google: googleConfigured(), local: localSignInEnabled() }),
});
