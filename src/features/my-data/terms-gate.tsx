import { lazy, Suspense, useId } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { TERMS_GATE_TEXTS as TEXTS } from "@convex/model/shared/terms";
import { Spinner } from "../../components/spinner";

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
    <Suspense fallback={<TermsLoading />}>
      <TermsDialog />
    </Suspense>
  );
}

/**
 * The question's frame while its code loads: it covers the page in the same render as the
 * signed-in header, so nothing behind it can be used before the question arrives (on a slow
 * phone the page would otherwise look usable for a moment, then be covered under the finger).
 */
function TermsLoading() {
  const titleId = useId();
  return (
    <>
      <div className="overlay" />
      <div className="dialog dialog--large" role="alertdialog" aria-modal="true" aria-busy="true" aria-labelledby={titleId}>
        <h2 className="dialog__title" id={titleId}>
          {TEXTS.title}
        </h2>
        <Spinner />
      </div>
    </>
  );
}
