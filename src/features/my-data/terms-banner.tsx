import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { PRIVACY_TITLE, TERMS_ACCEPT_LABEL, TERMS_BANNER_TEXT, TERMS_TITLE } from "@convex/model/shared/terms";
import { errorNotice } from "../../lib/errors";
import "./terms-banner.css";

/**
 * Asks a signed-in person to accept `Termos de uso` and `Política de privacidade`: at their first
 * sign-in, and again when a new version comes (the server records the version accepted). A
 * banner under the header rather than a dialog, so the page stays readable while they decide.
 */
export function TermsBanner({ termsHref, privacyHref }: { termsHref: string; privacyHref: string }) {
  const status = useQuery(api.myData.termsStatus);
  const accept = useMutation(api.myData.acceptTerms);
  const [error, setError] = useState<string | null>(null);
  if (status == null || status.accepted) return null;

  async function onAccept(version: number) {
    setError(null);
    try {
      await accept({ version });
    } catch (failure) {
      setError(errorNotice(failure).message);
    }
  }

  return (
    <section className="terms-banner" aria-label={TERMS_TITLE}>
      <p>
        {TERMS_BANNER_TEXT} <Link to={termsHref}>{TERMS_TITLE}</Link> e a <Link to={privacyHref}>{PRIVACY_TITLE}</Link>.
      </p>
      <button type="button" className="button button--primary" onClick={() => void onAccept(status.version)}>
        {TERMS_ACCEPT_LABEL}
      </button>
      {error !== null && (
        <p className="terms-banner__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
