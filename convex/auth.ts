import Google from "@auth/core/providers/google";
import { convexAuth } from "@convex-dev/auth/server";
import { env, query } from "./_generated/server";
import { LocalSignIn, localSignInEnabled } from "./model/localSignIn";
import { giveInitialWallet } from "./model/wallet";

function googleConfigured(): boolean {
  return Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);
}

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: [...(googleConfigured() ? [Google] : []), ...(localSignInEnabled() ? [LocalSignIn] : [])],
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
