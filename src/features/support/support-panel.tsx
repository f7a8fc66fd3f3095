import { useId, useRef, useState, type FormEvent } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { supportClosedMessage } from "@convex/model/shared/lifecycle";
import { formatBRL } from "@convex/model/shared/money";
import { ANONYMOUS_SUPPORT_LABEL } from "@convex/model/shared/hiddenNames";
import { CheckboxField } from "../../components/field";
import { NoticeAlert } from "../../components/notice-alert";
import { SupportedWithChat } from "../../components/supported-with-chat";
import type { EventDetail } from "../../lib/api-types";
import { SUPPORTER_DATA_NOTICE } from "@convex/model/shared/supporterCsv";
import { RewardPicker } from "./reward-picker";
import { checkSupportWithReward } from "./support-check";
import { SupportForm } from "./support-form";
import { PROCESSING_TEXT } from "./supported-notice";
import type { SupportFlow } from "./use-support";
import { useSupportAlerts } from "./use-support-alerts";
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
  const [anonymous, setAnonymous] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const chatRef = useRef<HTMLAnchorElement>(null);
  const { notice, pending, show, submit, close, announcement, announce, goalJustReached } = useSupportAlerts(support);
  const closedReason = event.supportClosedReason;
  const closed = closedReason !== null;

  // APOIE is disabled while sending, so without this focus would fall to <body> when the alert closes.
  function focusAfterAlert(closeEvent: Event) {
    closeEvent.preventDefault();
    const target = closed || goalJustReached.current ? (chatRef.current ?? headingRef.current) : amountRef.current;
    target?.focus();
  }

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (pending || me === undefined) return;
    const check = checkSupportWithReward({
      walletCents: me === null ? null : me.walletCents,
      amountText: amount,
      minSupportCents: event.minSupportCents,
      closedReason,
      pick,
      rewards: rewards ?? [],
    });
    if (!check.ok) {
      show({ ...check.notice, tone: "error" });
      return;
    }
    void submit(async () => {
      await support.support(check.amountCents, anonymous ? { ...check.choice, anonymous } : check.choice);
      clear();
      announce(PROCESSING_TEXT);
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
      {!closed && (
        <CheckboxField className="support__anonymous" label={ANONYMOUS_SUPPORT_LABEL} checked={anonymous} onChange={setAnonymous} />
      )}
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
