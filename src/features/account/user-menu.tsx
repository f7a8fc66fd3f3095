import { lazy, Suspense, useState, type Ref } from "react";
import { DropdownMenu } from "radix-ui";
import { formatBRL } from "@convex/model/shared/money";
import type { SignedInUser } from "../../lib/api-types";
import { ACCOUNT_MENU_ITEMS, useOpenAccountPage } from "./account-pages";

// `Notificações por e-mail` loads only when opened.
const EmailPreferencesModal = lazy(() => import("./email-preferences-modal"));

/** users:me as the menu uses it; `menuName` is the server's "name, or Usuário". */
export type MenuUser = Pick<SignedInUser, "name" | "menuName" | "email" | "image" | "walletCents">;

type UserMenuProps = {
  user: MenuUser;
  onSignOut: () => void;
  triggerRef?: Ref<HTMLButtonElement>;
};

function initialsOf(user: MenuUser): string {
  const source = (user.name ?? user.email ?? "U").trim();
  const words = source.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ""}${words[words.length - 1]?.[0] ?? ""}` : source.slice(0, 1);
  return letters.toUpperCase() || "U";
}

// Radix sizes the menu to its widest line, so a long name would push it past the screen's
// edge. Bounded by the room Radix measured (the viewport less collisionPadding), the name
// wraps instead, whole, so screen readers still read all of it.
const FIT_ON_SCREEN = { maxWidth: "min(320px, var(--radix-dropdown-menu-content-available-width))" };

/** The avatar and its menu: name, wallet, and the signed-in actions. */
export default function UserMenu({ user, onSignOut, triggerRef }: UserMenuProps) {
  const displayName = user.menuName;
  const open = useOpenAccountPage();
  const [emailPreferencesOpen, setEmailPreferencesOpen] = useState(false);
  return (
    <>
      {emailPreferencesOpen && (
        <Suspense fallback={null}>
          <EmailPreferencesModal open={emailPreferencesOpen} onOpenChange={setEmailPreferencesOpen} />
        </Suspense>
      )}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger ref={triggerRef} className="avatar-button" aria-label="Abrir menu do usuário">
          {user.image ? (
            <img className="avatar" src={user.image} alt="" referrerPolicy="no-referrer" />
          ) : (
            <span className="avatar avatar--initials" aria-hidden="true">
              {initialsOf(user)}
            </span>
          )}
          <span className="avatar-button__wallet" aria-hidden="true">
            {formatBRL(user.walletCents)}
          </span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={8} collisionPadding={8} style={FIT_ON_SCREEN}>
            <DropdownMenu.Label className="menu__name">{displayName}</DropdownMenu.Label>
            <DropdownMenu.Label className="menu__wallet">Saldo: {formatBRL(user.walletCents)}</DropdownMenu.Label>
            <DropdownMenu.Separator className="menu__separator" />
            {ACCOUNT_MENU_ITEMS.map(([page, label]) => (
              <DropdownMenu.Item key={page} className="menu__item" onSelect={() => open(page)}>
                {label}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item className="menu__item" onSelect={() => setEmailPreferencesOpen(true)}>
              Notificações por e-mail
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => open("myData")}>
              Meus dados
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={onSignOut}>
              Sair
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}
