import type { RefObject } from "react";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { EmptyState } from "../../components/empty-state";
import { Modal } from "../../components/modal";
import { Spinner } from "../../components/spinner";
import { formatDateTime, formatTime } from "../../lib/dates";
import { loteLabel, ticketKindLabel } from "@convex/model/shared/ticketTypes";
import { useClock } from "../../lib/use-clock";
import { CancelPurchase, CancelSupport } from "./cancel-actions";
import { TicketQr } from "./ticket-qr";
import "./account.css";

/** tickets:mine's status ("valid", "used" or "cancelled"), read off the query instead of restated. */
type TicketStatus = FunctionReturnType<typeof api.tickets.mine>[number]["status"];

/** What a ticket's status reads as; the time of use is in the viewer's own time zone. */
function statusText(status: TicketStatus, usedAt: number | null): string {
  if (status === "used") return usedAt === null ? "Utilizado" : `Utilizado às ${formatTime(usedAt)}`;
  return status === "cancelled" ? "Cancelado" : "Válido";
}

type TicketsModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * "Meus Ingressos": every ticket's QR code (none once cancelled) and code with its event's name,
 * date and status, newest first, and `Cancelar compra` (or `Cancelar apoio`) while the buyer may
 * still change their mind. This module (with the QR encoder) is loaded only when the modal opens.
 */
export default function TicketsModal({ open, onOpenChange, returnFocusRef }: TicketsModalProps) {
  const tickets = useQuery(api.tickets.mine, open ? {} : "skip");
  // The cancellation window closes with the clock, which a query cannot follow.
  const now = useClock(60_000);
  return (
    <Modal open={open} onOpenChange={onOpenChange} returnFocusRef={returnFocusRef} title="Meus Ingressos">
      {tickets === undefined ? (
        <Spinner />
      ) : tickets.length === 0 ? (
        <EmptyState title="Nenhum ingresso encontrado!">
          <p>Compre ingressos na página de um evento, ou apoie um evento com ingresso, para receber os seus.</p>
        </EmptyState>
      ) : (
        <ul className="ticket-list">
          {tickets.map((ticket) => (
            <li key={ticket._id} className="ticket">
              <div className="ticket__main">
                <p className="ticket__event">{ticket.eventName}</p>
                {ticket.typeName !== null && (
                  <p className="ticket__kind">
                    {ticket.typeName}
                    {ticket.loteIndex !== null && ` · ${loteLabel(ticket.loteIndex)}`} · {ticketKindLabel(ticket.meiaCategory)}
                  </p>
                )}
                <p className="ticket__date">
                  {ticket.eventStartsAt === null ? "Data não disponível" : formatDateTime(ticket.eventStartsAt)}
                </p>
                <p className={`ticket__status ticket__status--${ticket.status}`}>{statusText(ticket.status, ticket.usedAt)}</p>
                {ticket.status === "valid" && ticket.purchase !== null && ticket.eventStartsAt !== null && (
                  <CancelPurchase purchase={ticket.purchase} eventName={ticket.eventName} eventStartsAt={ticket.eventStartsAt} now={now} />
                )}
                {ticket.status === "valid" && ticket.support !== null && ticket.eventStartsAt !== null && (
                  <CancelSupport
                    ticketId={ticket._id}
                    support={ticket.support}
                    eventName={ticket.eventName}
                    eventStartsAt={ticket.eventStartsAt}
                    now={now}
                  />
                )}
              </div>
              <div className="ticket__stub">
                {/* A cancelled ticket admits nobody: no code to scan. */}
                {ticket.status !== "cancelled" && <TicketQr code={ticket.code} />}
                <span className="ticket__label">Código</span>
                <span className="ticket__code">{ticket.code}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
