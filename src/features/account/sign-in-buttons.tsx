import { lazy, Suspense, useState, type Ref } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import "./account.css";

// The dialog (Radix) loads only when opened, keeping "/" light.
const LocalSignInDialog = lazy(() => import("./local-sign-in-dialog"));
const EmailSignInDialog = lazy(() => import("./email-sign-in-dialog"));

type SignInButtonsProps = {
  /** Called after a local sign-in went through (e.g. to move focus once the avatar shows). */
  onLocalSignedIn?: () => void;
  /** Receives the first button once the configured providers are known (they may load after mount). */
  firstButtonRef?: Ref<HTMLButtonElement>;
};

/** Where Google should bring the person back to: this page (Convex Auth resolves it against SITE_URL). */
function currentAddress(): string {
  return window.location.pathname + window.location.search;
}

/** The configured sign-in buttons: `Entrar com Google`, `Entrar com e-mail` and/or `Entrar (modo local)`. */
export function SignInButtons({ onLocalSignedIn, firstButtonRef }: SignInButtonsProps) {
  const providers = useQuery(api.auth.providers);
  const { signIn } = useAuthActions();
  const [localOpen, setLocalOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);

  return (
    <div className="sign-in-buttons">
      {providers?.google && (
        <button
          type="button"
          className="button button--google"
          ref={firstButtonRef}
          onClick={() => void signIn("google", { redirectTo: currentAddress() })}
        >
          <svg viewBox="0 0 18 18" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="#4285F4"
              d="M17.64 9.2c0-.64-.06-1.25-.16-1.84H9v3.48h4.84a4.14 4.14 0 0 1-1.8 2.72v2.26h2.92c1.7-1.57 2.68-3.88 2.68-6.62z"
            />
            <path
              fill="#34A853"
              d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.92-2.26c-.8.54-1.84.86-3.04.86-2.34 0-4.32-1.58-5.03-3.7H.96v2.33A9 9 0 0 0 9 18z"
            />
            <path
              fill="#FBBC05"
              d="M3.97 10.72A5.4 5.4 0 0 1 3.68 9c0-.6.1-1.18.29-1.72V4.95H.96A9 9 0 0 0 0 9c0 1.45.35 2.83.96 4.05l3.01-2.33z"
            />
            <path fill="#EA4335" d="M9 3.58c1.32 0 2.5.45 3.44 1.35l2.58-2.58A9 9 0 0 0 .96 4.95l3.01 2.33C4.68 5.16 6.66 3.58 9 3.58z" />
          </svg>
          Entrar com Google
        </button>
      )}
      {providers?.email && (
        <>
          <button
            type="button"
            className="button button--secondary"
            ref={providers.google ? undefined : firstButtonRef}
            onClick={() => setEmailOpen(true)}
          >
            Entrar com e-mail
          </button>
          {emailOpen && (
            <Suspense fallback={null}>
              <EmailSignInDialog open={emailOpen} onOpenChange={setEmailOpen} onSignedIn={onLocalSignedIn} />
            </Suspense>
          )}
        </>
      )}
      {providers?.local && (
        <>
          <button
            type="button"
            className="button button--secondary"
            ref={providers.google || providers.email ? undefined : firstButtonRef}
            onClick={() => setLocalOpen(true)}
          >
            Entrar (modo local)
          </button>
          {localOpen && (
            <Suspense fallback={null}>
              <LocalSignInDialog open={localOpen} onOpenChange={setLocalOpen} onSignedIn={onLocalSignedIn} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
