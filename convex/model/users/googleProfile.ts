/**
 * The account Convex Auth keeps for a Google sign-in. Its e-mail is stored in lower case, as
 * every e-mail the app compares (ticket transfers, team invitations) is normalized: a Google
 * address with capitals would otherwise miss a transfer to it until a later sign-in claimed it.
 * Convex Auth writes these fields at every sign-in, so an older account is fixed at its next one.
 */
export type GoogleClaims = { sub: string; name?: string | null; email?: string | null; picture?: string | null };

export function googleProfile(claims: GoogleClaims) {
  return {
    id: claims.sub,
    name: claims.name ?? null,
    email: claims.email?.trim().toLowerCase() ?? null,
    image: claims.picture ?? null,
  };
}
