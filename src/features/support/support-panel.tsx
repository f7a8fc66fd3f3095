import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { supportClosedMessage } from "@convex/model/shared/lifecycle";
import { formatBRL } from "@convex/model/shared/money";
import { NoticeAlert } from "../../components/notice-alert";
import { SupportedWithChat } from "../../components/supported-with-chat";
import type { EventDetail } from "../../lib/api-types";
import { ATTENTION_TITLE, type Notice } from "../../lib/notice";
import { useSubmitWithNotice } from "../../lib/use-submit-with-notice";
import { SUPPORTER_DATA_NOTICE } from "@convex/model/shared/supporterCsv";
import { checkRewardPick } from "./reward-choice";
import { RewardPicker } from "./reward-picker";
import { checkSupport } from "./support-check";
import { SupportForm } from "./support-form";
import { outcomeNotice, PROCESSING_TEXT } from "./supported-notice";
import type { SupportFlow } from "./use-support";
import { useSupportDraft } from "./use-support-draft";
import "./support.css";

/** `supportClosedReason`: cancelled, started (settled) or concluded; null while supporting is open. */
export type SupportableEvent = Pick<EventDetail, "_id" | "minSupportCents" | "supportClosedReason" | "isTicketed">;

/** `support`: the page's useSupport, which also keeps a queued support in the event's figures. */
type SupportPanelProps = { event: SupportableEvent; chatPath: string; support: SupportFlow };

/** The `APOIE` form, its alerts, and the `CHAT` link once the person has supported. */
export function SupportPanel({ event, chatPath, support }: SupportPanelProps) {
  const id = useId();
  const me = useQuery(api.users.me);
  const mine = useQuery(api.supports.mine, { eventId: event._id });
  const rewards = useQuery(api.rewards.list, { eventId: event._id });
  const { amount, setAmount, pick, onPick, clear } = useSupportDraft();
  const [announcement, setAnnouncement] = useState("");
  const amountRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const chatRef = useRef<HTMLAnchorElement>(null);
  // Read when the alert has already closed (the notice is gone by then).
  const goalJustReached = useRef(false);
  const { notice, pending, show, submit, close } = useSubmitWithNotice((next: Notice) => {
    if (next.tone === "error") goalJustReached.current = false;
    setAnnouncement([next.title, next.message, next.detail].filter(Boolean).join(" "));
  });
  const closedReason = event.supportClosedReason;
  const closed = closedReason !== null;
  const { outcome, seen } = support;

  // The outcome, once the support was applied or refunded (its figures have already moved, or moved back).
  useEffect(() => {
    if (outcome === null) return;
    goalJustReached.current = outcome.status === "applied" && outcome.goalReached;
    show(outcomeNotice(outcome));
    seen();
  }, [outcome, show, seen]);

  // APOIE is disabled while sending, so without this focus would fall to <body> when the alert closes.
  function focusAfterAlert(closeEvent: Event) {
    closeEvent.preventDefault();
    const target = closed || goalJustReached.current ? (chatRef.current ?? headingRef.current) : amountRef.current;
    target?.focus();
  }

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
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
    const reward = checkRewardPick(pick, rewards ?? [], check.amountCents);
    if (!reward.ok) {
      show({ title: ATTENTION_TITLE, message: reward.message, tone: "error" });
      return;
    }
    void submit(async () => {
      await support.support(check.amountCents, reward.choice);
      clear();
      setAnnouncement(PROCESSING_TEXT);
      return null; // the outcome's alert follows, from supports:outcome
    });
  }

  return (
    <section className="support" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="support__heading" ref={headingRef} tabIndex={-1}>
        Apoie este evento
      </h2>
      <SupportTerms closedReason={closedReason} minSupportCents={event.minSupportCents} walletCents={me?.walletCents} />
      {rewards !== undefined && rewards.length > 0 && <RewardPicker rewards={rewards} pick={pick} onPick={onPick} disabled={closed} />}
      <SupportForm
        amount={amount}
        onAmountChange={setAmount}
        onSubmit={onSubmit}
        amountRef={amountRef}
        closed={closed}
        busy={pending || support.settling || me === undefined}
        pending={pending}
        processing={support.processing}
      />
      {!closed && <p className="support__data-notice">{SUPPORTER_DATA_NOTICE}</p>}
      {(mine?.supported || support.queuedCents > 0) && (
        <SupportedWithChat chatPath={chatPath} chatRef={chatRef}>
          Você já apoiou este evento com <strong>{formatBRL((mine?.amountCents ?? 0) + support.queuedCents)}</strong>.
        </SupportedWithChat>
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <NoticeAlert notice={notice} onClose={close} onCloseAutoFocus={focusAfterAlert} />
    </section>
  );
}

type SupportTermsProps = {
  closedReason: SupportableEvent["supportClosedReason"];
  minSupportCents: number;
  /** Absent while loading or signed out. */
  walletCents: number | undefined;
};

/** Why supporting is closed, or the minimum and the person's balance while it is open. */
function SupportTerms({ closedReason, minSupportCents, walletCents }: SupportTermsProps) {
  if (closedReason !== null) {
    return (
      <p className={`note note--closed note--${closedReason}`} role="status">
        {supportClosedMessage(closedReason)}
      </p>
    );
  }
  return (
    <p className="support__hint">
      Apoio mínimo de {formatBRL(minSupportCents)}.{walletCents !== undefined ? ` Seu saldo: ${formatBRL(walletCents)}.` : ""}
    </p>
  );
}
