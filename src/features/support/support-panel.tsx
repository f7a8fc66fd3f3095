import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { supportClosedMessage } from "../../../convex/model/shared/lifecycle";
import { formatBRL } from "../../../convex/model/shared/money";
import { AlertDialog } from "../../components/alert-dialog";
import type { EventDetail } from "../../lib/api-types";
import { errorNotice } from "../../lib/errors";
import { ATTENTION_TITLE, checkSupport } from "./support-check";
import "./support.css";

/** `supportClosedReason`: cancelled, started (settled) or concluded; null while supporting is open. */
export type SupportableEvent = Pick<EventDetail, "_id" | "minSupportCents" | "supportClosedReason" | "isTicketed">;

type Notice = { title: string; message: string; detail?: string; tone: "success" | "error"; closesSupport?: boolean };

type SupportPanelProps = { event: SupportableEvent; chatPath: string };

/** The `APOIE` form, its alerts, and the `CHAT` link once the person has supported. */
export function SupportPanel({ event, chatPath }: SupportPanelProps) {
  const id = useId();
  const me = useQuery(api.users.me);
  const mine = useQuery(api.supports.mine, { eventId: event._id });
  const support = useMutation(api.supports.support);
  const [amount, setAmount] = useState("");
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const amountRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const chatRef = useRef<HTMLAnchorElement>(null);
  // Read when the alert has already closed (notice is null by then).
  const goalJustReached = useRef(false);
  const closedReason = event.supportClosedReason;
  const closed = closedReason !== null;

  function show(next: Notice) {
    setNotice(next);
    goalJustReached.current = next.closesSupport === true;
    setAnnouncement([next.title, next.message, next.detail].filter(Boolean).join(" "));
  }

  // APOIE is disabled while sending, so without this focus would fall to <body> when the alert closes.
  function focusAfterAlert(closeEvent: Event) {
    closeEvent.preventDefault();
    const target = closed || goalJustReached.current ? (chatRef.current ?? headingRef.current) : amountRef.current;
    target?.focus();
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (pending || me === undefined) return;
    const check = checkSupport({
      walletCents: me === null ? null : me.walletCents,
      amountText: amount,
      minSupportCents: event.minSupportCents,
      closedReason,
    });
    if (!check.ok) {
      show({ ...check.notice, tone: "error" });
      return;
    }
    setPending(true);
    try {
      const result = await support({ eventId: event._id, amountCents: check.amountCents });
      setAmount("");
      const thanks = `Seu apoio de ${formatBRL(check.amountCents)} foi registrado. Obrigado!`;
      show({
        title: result.goalReached ? "Meta Alcançada!" : "Sucesso!",
        message: result.goalReached ? `${thanks} Este evento atingiu a meta e os apoios foram encerrados.` : thanks,
        ...(result.ticketCode ? { detail: `Seu ingresso: ${result.ticketCode}` } : {}),
        tone: "success",
        closesSupport: result.goalReached,
      });
    } catch (error) {
      const { title, message } = errorNotice(error);
      show({ title: title ?? ATTENTION_TITLE, message, tone: "error" });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="support" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="support__heading" ref={headingRef} tabIndex={-1}>
        Apoie este evento
      </h2>
      {closedReason !== null ? (
        <p className={`note note--closed note--${closedReason}`} role="status">
          {supportClosedMessage(closedReason)}
        </p>
      ) : (
        <p className="support__hint">
          Apoio mínimo de {formatBRL(event.minSupportCents)}.
          {me ? ` Seu saldo: ${formatBRL(me.walletCents)}.` : ""}
        </p>
      )}
      <form className="support__form" onSubmit={(formEvent) => void submit(formEvent)} noValidate>
        <div className="field support__field">
          <label htmlFor={`${id}-amount`}>Valor do apoio</label>
          <div className="money-input">
            <span className="money-input__prefix" aria-hidden="true">
              R$
            </span>
            <input
              ref={amountRef}
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={closed ? undefined : "10,50"}
              value={amount}
              disabled={closed}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
        </div>
        <button type="submit" className="button button--primary button--large support__button" disabled={closed || pending || me === undefined}>
          {pending ? "Enviando..." : "APOIE"}
        </button>
      </form>
      {mine?.supported && (
        <div className="support__supported">
          <p>
            Você já apoiou este evento com <strong>{formatBRL(mine.amountCents)}</strong>.
          </p>
          <Link to={chatPath} className="button button--chat" ref={chatRef}>
            CHAT
          </Link>
        </div>
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <AlertDialog
        open={notice !== null}
        title={notice?.title ?? ""}
        tone={notice?.tone ?? "info"}
        message={
          notice && (
            <>
              <p>{notice.message}</p>
              {notice.detail && <p className="ticket-code">{notice.detail}</p>}
            </>
          )
        }
        onClose={() => setNotice(null)}
        onCloseAutoFocus={focusAfterAlert}
      />
    </section>
  );
}
