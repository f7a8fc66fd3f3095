import type { ReactNode } from "react";
import { formatBRL } from "@convex/model/shared/money";
import { EventImage } from "../../../components/event-image";
import { FundingProgress } from "../../../components/funding-progress";
import type { EventDetail } from "../../../lib/api-types";
import { formatDateTime } from "../../../lib/dates";
import { LinkifiedText } from "./linkified-text";
import { OnlineAccessLink } from "./online-access-link";
import { placeText } from "../display/place";
import { SettlementChip } from "../display/settlement-chip";
import { FundingModeNote } from "../display/funding-mode";
import { statusTone } from "../display/status";
import "../events.css";

type EventDetailsProps = { event: EventDetail; actions?: ReactNode; children?: ReactNode };

/** The event page body: poster, facts and progress; `actions` go under the title, `children` is the support area. */
export function EventDetails({ event, actions, children }: EventDetailsProps) {
  return (
    <article className="event-detail">
      <div className="event-detail__media">
        <EventImage src={event.imageUrl} alt={`Imagem do evento ${event.name}`} className="event-detail__image" priority />
      </div>
      <div className="event-detail__info">
        <p className="event-card__meta">
          <span className="chip">{event.category}</span>
          {/* Once settled, how it ended replaces how far the funding got ("Em Progresso" beside "Cancelado" would contradict it). */}
          {event.settlement === null && <span className={`chip chip--status chip--${statusTone(event.status)}`}>{event.status}</span>}
          <SettlementChip settlement={event.settlement} label={event.settlementLabel} />
        </p>
        <h1 className="event-detail__title">{event.name}</h1>
        <p className="event-detail__date">
          <span className="sr-only">Data e horário: </span>
          <time dateTime={new Date(event.startsAt).toISOString()}>{formatDateTime(event.startsAt)}</time>
        </p>
        <EventPlace event={event} />
        {actions !== undefined && <div className="event-detail__actions">{actions}</div>}
        {event.isTicketed && <TicketNote hasTicketTypes={event.hasTicketTypes} />}
        <EventFacts event={event} />
        <FundingModeNote mode={event.fundingMode} />
        <div className="event-detail__progress">
          <FundingProgress funding={event} size="large" />
          {event.goalReached && <p className="badge badge--success">META ATINGIDA</p>}
        </div>
        {children}
      </div>
      {event.description !== null && (
        <section className="event-about" aria-labelledby={`about-${event._id}`}>
          <h2 id={`about-${event._id}`} className="event-about__title">
            Sobre o evento
          </h2>
          <p className="event-about__text">
            <LinkifiedText text={event.description} />
          </p>
        </section>
      )}
    </article>
  );
}

/** Where: `Online` with its access link, or the venue and city; nothing when neither is known. */
function EventPlace({ event }: { event: EventDetail }) {
  if (event.isOnline) {
    return (
      <>
        <p className="event-detail__place">
          <span className="sr-only">Local: </span>Online
        </p>
        <OnlineAccessLink eventId={event._id} />
      </>
    );
  }
  if (event.city === null) return null;
  return (
    <p className="event-detail__place">
      <span className="sr-only">Local: </span>
      {placeText(event)}
    </p>
  );
}

/** The ticket sentence: sold below by type, or one ticket per support. */
function TicketNote({ hasTicketTypes }: { hasTicketTypes: boolean }) {
  return (
    <p className="note note--ticket">
      <svg className="note__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2a2 2 0 0 0 0-4z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M14 6v12" stroke="currentColor" strokeWidth="2" strokeDasharray="2 2" />
      </svg>
      {hasTicketTypes ? "Ingressos à venda abaixo, em Ingressos." : "Este evento gera ingresso para quem apoiar."}
    </p>
  );
}

/** Meta, Arrecadado, Apoio mínimo and the supporters (or tickets generated). */
function EventFacts({ event }: { event: EventDetail }) {
  return (
    <dl className="facts">
      <div className="facts__item">
        <dt>Meta</dt>
        <dd>{formatBRL(event.goalCents)}</dd>
      </div>
      <div className="facts__item">
        <dt>Arrecadado</dt>
        <dd>{formatBRL(event.raisedCents)}</dd>
      </div>
      <div className="facts__item">
        <dt>Apoio mínimo</dt>
        <dd>{formatBRL(event.minSupportCents)}</dd>
      </div>
      <div className="facts__item">
        <dt>{event.isTicketed ? "Ingressos gerados" : "Apoiadores"}</dt>
        <dd>{event.isTicketed ? event.ticketsGenerated : event.uniqueSupporters}</dd>
      </div>
    </dl>
  );
}
