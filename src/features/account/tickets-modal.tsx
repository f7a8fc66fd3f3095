import type { RefObject } from "react";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { Modal } from "../../components/modal";
import { Spinner } from "../../components/spinner";
import { formatDateTime } from "../../lib/dates";
import "./account.css";

type TicketsModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/** "Meus Ingressos": every ticket's code with its event's name and date, newest first. */
export default function TicketsModal({ open, onOpenChange, returnFocusRef }: TicketsModalProps) {
  const tickets = useQuery(api.tickets.mine, open ? {} : "skip");
  return (
    <Modal open={open} onOpenChange={onOpenChange} returnFocusRef={returnFocusRef} title="Meus Ingressos">
      {tickets === undefined ? (
        <Spinner />
      ) : tickets.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">Nenhum ingresso encontrado!</p>
          <p>Apoie um evento com ingresso para receber o seu.</p>
        </div>
      ) : (
        <ul className="ticket-list">
          {tickets.map((ticket) => (
            <li key={ticket._id} className="ticket">
              <div className="ticket__main">
                <p className="ticket__event">{ticket.eventName}</p>
                <p className="ticket__date">
                  {ticket.eventStartsAt === null ? "Data não disponível" : formatDateTime(ticket.eventStartsAt)}
                </p>
              </div>
              <div className="ticket__stub">
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
