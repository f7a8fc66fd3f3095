import Google from "@auth/core/providers/google";
import { convexAuth } from "@convex-dev/auth/server";
import { env, query } from "./_generated/server";
import { LocalSignIn, localSignInEnabled } from "./model/users/localSignIn";
import { checkCodeRequest, EmailCode } from "./model/email/signInCode";
import { emailConfigured } from "./model/email/provider";
import { googleProfile } from "./model/users/googleProfile";
import { claimTeamInvites } from "./model/team/members";
import { keepChosenName } from "./model/privacy/names";
import { recordSignIn } from "./model/privacy/signIns";
import { claimTransfers } from "./model/tickets/transfer";
import { claimCourtesies } from "./model/tickets/courtesies";
import { giveInitialWallet } from "./model/wallet/ledger";

function googleConfigured(): boolean {
  return Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);
}

/**
 * The real Google provider. AUTH_GOOGLE_ISSUER is set only by the browser tests, which put an
 * offline OpenID Connect issuer in Google's place (e2e/helpers/google-issuer.ts); a deployment
 * leaves it unset and talks to https://accounts.google.com.
 */
function google() {
  const issuer = env.AUTH_GOOGLE_ISSUER;
  return Google({ ...(issuer ? { issuer } : {}), profile: googleProfile });
}

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: [
    ...(googleConfigured() ? [google()] : []),
    // Entrar com e-mail: always known, refused while the deployment sends no e-mail (checkCodeRequest).
    EmailCode,
    ...(localSignInEnabled() ? [LocalSignIn] : []),
  ],
  callbacks: {
    async afterUserCreatedOrUpdated(ctx, { userId, existingUserId, type, profile, provider }) {
      // Asking for a code: refused (and nothing kept) for a bad address or past the limits.
      if (type === "email") await checkCodeRequest(ctx, profile.email);
      // Only a brand-new user gets the starting balance; signing in again never resets it.
      if (existingUserId === null) await giveInitialWallet(ctx, userId);
      // Tickets transferred to this e-mail before it had an account become theirs.
      await claimTransfers(ctx, userId);
      // And cortesias given to it.
      await claimCourtesies(ctx, userId);
      // Invitations to an event's team waiting for this e-mail give their roles now.
      await claimTeamInvites(ctx, userId);
      // The access record kept 6 months (Marco Civil). Google and a verified e-mail code come
      // through here at every sign-in; local sign-in only when its account is made, so it records
      // its own (model/users/localSignIn.ts).
      if (type === "oauth" || type === "verification") await recordSignIn(ctx, userId, provider.id);
      // Google sends its profile's name at every sign-in; a name the person chose in Meus dados stays.
      if (type === "oauth") await keepChosenName(ctx, userId);
    },
  },
});

/** Which sign-ins this deployment offers, so the header shows only working buttons. */
export const providers = query({
  args: {},
  handler: async () => ({ google: googleConfigured(), local: localSignInEnabled(), email: emailConfigured() }),
});
