import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { ConnectionBanner } from "../components/connection-banner";
import { AccountArea } from "../features/account/account-area";
import { OpenAccountPageContext, type AccountPage } from "../features/account/account-pages";
import { TermsGate } from "../features/my-data/terms-gate";
import { NotificationBell } from "../features/notifications/notification-bell";
import { paths } from "./paths";

// The signed-in modals load only when someone opens them.
const MyEventsModal = lazy(() => import("../features/events/my-events/my-events-modal"));
const CreateEventModal = lazy(() => import("../features/events/form/create-event-modal"));
const TicketsModal = lazy(() => import("../features/account/tickets-modal"));
const StatementModal = lazy(() => import("../features/wallet/statement-modal"));
const AddFundsModal = lazy(() => import("../features/wallet/add-funds-modal"));
const WithdrawModal = lazy(() => import("../features/wallet/withdraw-modal"));
const MySupportsModal = lazy(() => import("../features/rewards/my-supports-modal"));

const notificationHref = (target: "chat" | "event", eventId: string) =>
  target === "chat" ? paths.chat.build(eventId) : paths.event.build(eventId);

// Every account page but `Meus dados` (a route) is a modal over the current screen.
type OpenModal = Exclude<AccountPage, "myData"> | null;

/** Header (brand + account) around every screen, and the modals the avatar menu opens. */
export function Layout({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<OpenModal>(null);
  // The PIX charge `Adicionar saldo` shows again when reopened from the Extrato.
  const [depositId, setDepositId] = useState<string | undefined>(undefined);
  const menuTriggerRef = useRef<HTMLButtonElement>(null);
  const close = (open: boolean) => !open && setModal(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openAccountPage = (page: AccountPage) => {
    if (page === "myData") return void navigate(paths.myData.build());
    // Adicionar saldo from the menu starts a new charge.
    if (page === "addFunds") setDepositId(undefined);
    setModal(page);
  };

  // A new screen starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="app">
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Link to={paths.home.build()} className="brand" aria-label="Apoie, página inicial">
            <span className="brand__mark" aria-hidden="true">
              <svg viewBox="0 0 32 32" width="32" height="32" focusable="false">
                <rect width="32" height="32" rx="9" fill="currentColor" />
                <path d="M16 24s-7-4.4-7-9.6A3.9 3.9 0 0 1 16 12a3.9 3.9 0 0 1 7 2.4C23 19.6 16 24 16 24z" fill="#fff" />
              </svg>
            </span>
            <span className="brand__name">Apoie</span>
          </Link>
          <div className="app-header__actions">
            <NotificationBell hrefOf={notificationHref} />
            <OpenAccountPageContext.Provider value={openAccountPage}>
              <AccountArea menuTriggerRef={menuTriggerRef} />
            </OpenAccountPageContext.Provider>
          </div>
        </div>
        <ConnectionBanner />
      </header>
      <div id="conteudo" className="app-content">
        <TermsGate />
        {children}
      </div>
      <footer className="app-footer">
        <p>Apoie — financiamento coletivo de eventos.</p>
        <p>
          <Link to={paths.terms.build()}>Termos de uso</Link> · <Link to={paths.privacy.build()}>Política de privacidade</Link>
        </p>
      </footer>
      <Suspense fallback={null}>
        {modal === "myEvents" && <MyEventsModal open onOpenChange={close} returnFocusRef={menuTriggerRef} />}
        {modal === "createEvent" && <CreateEventModal open onOpenChange={close} returnFocusRef={menuTriggerRef} />}
        {modal === "tickets" && <TicketsModal open onOpenChange={close} returnFocusRef={menuTriggerRef} />}
        {modal === "mySupports" && (
          <MySupportsModal open onOpenChange={close} returnFocusRef={menuTriggerRef} eventHref={paths.event.build} />
        )}
        {modal === "statement" && (
          <StatementModal
            open
            onOpenChange={close}
            returnFocusRef={menuTriggerRef}
            onReopenDeposit={(id) => {
              setDepositId(id);
              setModal("addFunds");
            }}
          />
        )}
        {modal === "addFunds" && <AddFundsModal open onOpenChange={close} depositId={depositId} returnFocusRef={menuTriggerRef} />}
        {modal === "withdraw" && <WithdrawModal open onOpenChange={close} returnFocusRef={menuTriggerRef} />}
      </Suspense>
    </div>
  );
}
