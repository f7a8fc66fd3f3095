import type { RefObject } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { percentLabel } from "@convex/model/shared/eventRules";
import { formatBRL } from "@convex/model/shared/money";
import { EventImage } from "../../../components/event-image";
import { EmptyState } from "../../../components/empty-state";
import { Modal } from "../../../components/modal";
import { ProgressBar } from "../../../components/progress-bar";
import { Spinner } from "../../../components/spinner";
import { formatDateTime } from "../../../lib/dates";
import { SettlementChip } from "../display/settlement-chip";
import { statusTone } from "../display/status";
import "../events.css";

type MyEventsModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/** "Meus Eventos": the caller's events, live, with surplus/shortfall, counters and status. */
export default function MyEventsModal({ open, onOpenChange, returnFocusRef }: MyEventsModalProps) {
  const events = useQuery(api.events.mine, open ? {} : "skip");
  return (
    <Modal open={open} onOpenChange={onOpenChange} returnFocusRef={returnFocusRef} title="Meus Eventos" size="large">
      {events === undefined ? (
        <Spinner />
      ) : events.length === 0 ? (
        <EmptyState title="Nenhum evento encontrado!">
          <p>Você ainda não tem eventos criados.</p>
        </EmptyState>
      ) : (
        <ul className="own-events">
          {events.map((event) => (
            <li key={event._id} className="own-event">
              <EventImage src={event.imageUrl} alt={`Imagem do evento ${event.name}`} className="own-event__image" />
              <div className="own-event__info">
                <h3 className="own-event__title">{event.name}</h3>
                <p className="event-card__meta">
                  <span className="chip">{event.category}</span>
                  {/* Once settled, how it ended replaces how far the funding got ("Em Progresso" beside "Cancelado" would contradict it). */}
                  {event.settlement === null && (
                    <span className={`chip chip--status chip--${statusTone(event.status)}`}>{event.status}</span>
                  )}
                  <SettlementChip settlement={event.settlement} label={event.settlementLabel} />
                </p>
                <p className="own-event__date">{formatDateTime(event.startsAt)}</p>
                <ul className="fact-lines">
                  <li>{`Meta: ${formatBRL(event.goalCents)}`}</li>
                  <li>{`Arrecadado: ${formatBRL(event.raisedCents)}`}</li>
                  <li className={event.balanceCents >= 0 ? "fact-lines__surplus" : "fact-lines__shortfall"}>
                    {event.balanceCents >= 0 ? `Excedente: ${formatBRL(event.balanceCents)}` : `Faltam: ${formatBRL(-event.balanceCents)}`}
                  </li>
                  <li>{event.isTicketed ? `Ingressos gerados: ${event.ticketsGenerated}` : `Apoiadores: ${event.uniqueSupporters}`}</li>
                </ul>
                <ProgressBar
                  raisedCents={event.raisedCents}
                  goalCents={event.goalCents}
                  percent={event.percent}
                  progress={event.progress}
                  label={`Progresso de ${event.name}`}
                />
                <p className="own-event__percent">
                  {percentLabel(event)} da meta · {event.status}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
