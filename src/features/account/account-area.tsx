import { lazy, Suspense, useCallback, useRef, type Ref } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { SignInButtons } from "./sign-in-buttons";
import "./account.css";

// Menus (Radix + floating-ui) load only when needed, keeping "/" light.
const UserMenu = lazy(() => import("./user-menu"));

type AccountAreaProps = {
  /** Receives the avatar button, so modals opened from its menu can return focus to it. */
  menuTriggerRef?: Ref<HTMLButtonElement>;
};

/**
 * The header's right side: the configured sign-in buttons, or the avatar menu (which opens the
 * account's pages through OpenAccountPageContext).
 */
export function AccountArea({ menuTriggerRef }: AccountAreaProps) {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const me = useQuery(api.users.me);
  const { signOut } = useAuthActions();
  // Signing in or out swaps the button that had focus for another; this says where focus goes next.
  const focusNext = useRef<"avatar" | "signIn" | null>(null);

  const avatarRef = useCallback(
    (node: HTMLButtonElement | null) => {
      assignRef(menuTriggerRef, node);
      if (node && focusNext.current === "avatar") {
        focusNext.current = null;
        if (focusIsLost()) node.focus();
      }
    },
    [menuTriggerRef],
  );

  const signInButtonRef = useCallback((node: HTMLButtonElement | null) => {
    if (node && focusNext.current === "signIn") {
      focusNext.current = null;
      if (focusIsLost()) node.focus();
    }
  }, []);

  if (isLoading || (isAuthenticated && me === undefined)) {
    return <span className="account-placeholder" aria-hidden="true" />;
  }

  if (isAuthenticated && me) {
    return (
      <Suspense fallback={<span className="account-placeholder" aria-hidden="true" />}>
        <UserMenu
          user={me}
          triggerRef={avatarRef}
          onSignOut={() => {
            focusNext.current = "signIn";
            void signOut();
          }}
        />
      </Suspense>
    );
  }

  return (
    <SignInButtons
      firstButtonRef={signInButtonRef}
      onLocalSignedIn={() => {
        focusNext.current = "avatar";
      }}
    />
  );
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/** True when the focused element went away (focus fell back to <body>). */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}
