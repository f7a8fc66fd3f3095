import type { RefObject } from "react";
import { usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { EmptyState } from "../../components/empty-state";
import { LoadMoreButton } from "../../components/load-more-button";
import { Modal } from "../../components/modal";
import { Spinner } from "../../components/spinner";
import { formatDateTime } from "../../lib/dates";
import { PendingDeposits } from "./pending-deposits";
import { ReviewDeposits } from "./review-deposits";
import "./wallet.css";

export const STATEMENT_PAGE_SIZE = 20;

type StatementModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Shows a PIX charge still waiting to be paid (`Adicionar saldo`) again. */
  onReopenDeposit?: (depositId: string) => void;
};

/** "+R$ 50,00" for credits, "−R$ 10,00" for debits, "R$ 0,00" for a line that moved nothing (what it took back is owed). */
export function formatSignedBRL(cents: number): string {
  if (cents === 0) return formatBRL(0);
  return `${cents < 0 ? "−" : "+"}${formatBRL(Math.abs(cents))}`;
}

/** "Extrato": every wallet change, newest first, live (a refund appears the moment it is made). */
export default function StatementModal({ open, onOpenChange, returnFocusRef, onReopenDeposit }: StatementModalProps) {
  const { results, status, loadMore } = usePaginatedQuery(api.wallet.statement, open ? {} : "skip", {
    initialNumItems: STATEMENT_PAGE_SIZE,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} returnFocusRef={returnFocusRef} title="Extrato">
      {onReopenDeposit && <PendingDeposits onOpen={onReopenDeposit} />}
      {open && <ReviewDeposits />}
      {status === "LoadingFirstPage" ? (
        <Spinner />
      ) : results.length === 0 ? (
        <EmptyState title="Nenhuma movimentação ainda." />
      ) : (
        <>
          <ul className="statement" aria-label="Movimentações da carteira">
            {results.map((entry) => (
              <li key={entry._id} className="statement__entry">
                <div className="statement__what">
                  <p className="statement__description">
                    {entry.description}
                    {entry.state !== undefined && (
                      <span
                        className={`statement__state statement__state--${entry.state === "Pago" ? "done" : entry.state === "Falhou" ? "failed" : "pending"}`}
                      >
                        {entry.state}
                      </span>
                    )}
                  </p>
                  {entry.detail !== null && <p className="statement__detail">{entry.detail}</p>}
                  <p className="statement__date">
                    <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>
                  </p>
                </div>
                <div className="statement__money">
                  <p
                    className={`statement__amount${entry.amountCents === 0 ? "" : entry.amountCents < 0 ? " statement__amount--debit" : " statement__amount--credit"}`}
                  >
                    {formatSignedBRL(entry.amountCents)}
                  </p>
                  <p className="statement__balance">Saldo: {formatBRL(entry.balanceAfterCents)}</p>
                </div>
              </li>
            ))}
          </ul>
          {status !== "Exhausted" && <LoadMoreButton loading={status === "LoadingMore"} onClick={() => loadMore(STATEMENT_PAGE_SIZE)} />}
        </>
      )}
    </Modal>
  );
}
