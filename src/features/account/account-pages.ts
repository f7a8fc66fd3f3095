import { createContext, useContext } from "react";

/** What the avatar menu opens: the account's pages and dialogs, and the wallet's actions. */
export type AccountPage = "myEvents" | "createEvent" | "tickets" | "mySupports" | "statement" | "addFunds" | "withdraw" | "myData";

/** The menu's first group, in its order, with the names people see (and screen readers read). */
export const ACCOUNT_MENU_ITEMS: readonly (readonly [AccountPage, string])[] = [
  ["myEvents", "Meus Eventos"],
  ["createEvent", "Criar Evento"],
  ["tickets", "Meus Ingressos"],
  ["mySupports", "Meus apoios"],
  ["statement", "Extrato"],
  ["addFunds", "Adicionar saldo"],
  ["withdraw", "Sacar"],
];

/**
 * Opens one of the account's pages. The layout that owns the modals (and the router) provides it
 * around the header; the menu reads it, so the components between them do not pass it along.
 */
export const OpenAccountPageContext = createContext<(page: AccountPage) => void>(() => {});

export function useOpenAccountPage() {
  return useContext(OpenAccountPageContext);
}
