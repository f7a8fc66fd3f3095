import { useState } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { useMutation } from "convex/react";
import { AlertDialog } from "radix-ui";
import { api } from "@convex/_generated/api";
import {
  PRIVACY_POLICY,
  PRIVACY_TITLE,
  TERMS_GATE_TEXTS as TEXTS,
  TERMS_OF_USE,
  TERMS_TITLE,
  TERMS_VERSION,
} from "@convex/model/shared/terms";
import { errorNotice } from "../../lib/errors";
import "./terms-gate.css";

/**
 * The dialog TermsGate opens: both texts, so they can be read where they are asked; `Aceitar`
 * records the version, `Recusar e sair` signs out. Escape and a click outside do nothing.
 */
export default function TermsDialog() {
  const accept = useMutation(api.myData.acceptTerms);
  const { signOut } = useAuthActions();
  const [error, setError] = useState<string | null>(null);

  async function onAccept() {
    setError(null);
    try {
      await accept({ version: TERMS_VERSION });
    } catch (failure) {
      setError(errorNotice(failure).message);
    }
  }

  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay" />
        <AlertDialog.Content className="dialog dialog--large terms-gate" onEscapeKeyDown={(event) => event.preventDefault()}>
          <AlertDialog.Title className="dialog__title">{TEXTS.title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">{TEXTS.intro}</AlertDialog.Description>
          <div className="terms-gate__texts" tabIndex={0} role="region" aria-label={TEXTS.textsLabel}>
            <h3>{TERMS_TITLE}</h3>
            {TERMS_OF_USE.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <h3>{PRIVACY_TITLE}</h3>
            {PRIVACY_POLICY.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          {error !== null && (
            <p className="terms-gate__error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => void signOut()}>
              {TEXTS.refuse}
            </button>
            <button type="button" className="button button--primary" onClick={() => void onAccept()}>
              {TEXTS.accept}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
