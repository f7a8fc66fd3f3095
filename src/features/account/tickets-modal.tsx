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
import { TRANSFER_MESSAGES } from "@convex/model/shared/ticketTransfer";
import { COURTESY_MESSAGES } from "@convex/model/shared/courtesies";
import { CancelPurchase, CancelSupport } from "./cancel-actions";
import { TicketQr } from "./ticket-qr";
import { TransferTicket } from "./transfer-action";
import "./account.css";

type MyTicket = FunctionReturnType<typeof api.tickets.mine>[number];

/** What a ticket's status reads as; the time of use is in the viewer's own time zone. */
function statusText({ status, usedAt, transferredTo }: MyTicket): string {
  if (status === "used") return usedAt === null ? "Utilizado" : `Utilizado às ${formatTime(usedAt)}`;
  if (status === "transferred") return `Transferido para ${transferredTo ?? ""}`;
  return status === "cancelled" ? "Cancelado" : "Válido";
}

type TicketsModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * "Meus Ingressos": every ticket's QR code (none once cancelled or transferred) and code with its
 * event's name, date and status, newest first, with `Cancelar compra` (or `Cancelar apoio`) while
 * the buyer may still change their mind and `Transferir ingresso` while the ticket may change
 * holder. This module (with the QR encoder) is loaded only when the modal opens.
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
                    {ticket.loteIndex !== null && ` · ${loteLabel(ticket.loteIndex)}`} ·{" "}
                    {ticket.courtesy ? COURTESY_MESSAGES.label : ticketKindLabel(ticket.meiaCategory)}
                  </p>
                )}
                <p className="ticket__date">
                  {ticket.eventStartsAt === null ? "Data não disponível" : formatDateTime(ticket.eventStartsAt)}
                </p>
                {ticket.received && (
                  <p className="ticket__received">
                    Recebido por transferência.{ticket.meiaCategory !== null && ` ${TRANSFER_MESSAGES.meiaNotice}`}
                  </p>
                )}
                <p className={`ticket__status ticket__status--${ticket.status}`}>{statusText(ticket)}</p>
                {ticket.status === "valid" && ticket.eventStartsAt !== null && (
                  <TicketActions ticket={ticket} eventStartsAt={ticket.eventStartsAt} now={now} />
                )}
              </div>
              <div className="ticket__stub">
                {/* A cancelled or transferred ticket admits nobody: no code to scan. */}
                {ticket.status !== "cancelled" && ticket.status !== "transferred" && <TicketQr code={ticket.code} />}
                <span className="ticket__label">Código</span>
                {/* A transferred ticket's code no longer opens the door: shown struck through, for the record. */}
                <span className={ticket.status === "transferred" ? "ticket__code ticket__code--void" : "ticket__code"}>{ticket.code}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** What the holder of a valid ticket may still do with it: give it up for a refund, or give it to someone. */
function TicketActions({ ticket, eventStartsAt, now }: { ticket: MyTicket; eventStartsAt: number; now: number }) {
  return (
    <div className="ticket__actions">
      {ticket.purchase !== null && (
        <CancelPurchase purchase={ticket.purchase} eventName={ticket.eventName} eventStartsAt={eventStartsAt} now={now} />
      )}
      {ticket.support !== null && (
        <CancelSupport
          ticketId={ticket._id}
          support={ticket.support}
          eventName={ticket.eventName}
          eventStartsAt={eventStartsAt}
          now={now}
        />
      )}
      <TransferTicket ticket={ticket} eventName={ticket.eventName} eventStartsAt={eventStartsAt} now={now} />
    </div>
  );
}
