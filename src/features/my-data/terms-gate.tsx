import { lazy, Suspense } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";

// The dialog and both long texts load only for someone with a version to answer, so they add
// nothing to any page's first load.
const TermsDialog = lazy(() => import("./terms-dialog"));

/**
 * `Termos de uso` and `Política de privacidade`, asked at a person's first sign-in and again when a
 * new version comes (the server records the version accepted): a choice they must make before
 * using their account.
 */
export function TermsGate() {
  // users:me, which the avatar reads too: the gate opens as soon as the signed-in header shows.
  const me = useQuery(api.users.me);
  if (me?.termsPending !== true) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog />
    </Suspense>
  );
}
