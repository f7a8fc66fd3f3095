import { Link } from "react-router-dom";
import { formatBRL } from "../../../convex/model/money";
import { EventImage } from "../../components/event-image";
import { ProgressBar } from "../../components/progress-bar";
import { formatDateTime } from "../../lib/dates";
import "./events.css";

export type EventCardData = {
  _id: string;
  name: string;
  category: string;
  startsAt: number;
  imageUrl: string | null;
  isTicketed: boolean;
  goalCents: number;
  raisedCents: number;
  percent: number;
  progress: number;
};

type EventCardProps = { event: EventCardData; to: string };

/** A home-grid card; the whole card links to the event page. */
export function EventCard({ event, to }: EventCardProps) {
  // percent is floor(raised × 100 / goal), so ≥ 100 exactly when raised reaches the goal.
  const reached = event.percent >= 100;
  return (
    <article className="event-card">
      <div className="event-card__media">
        <EventImage src={event.imageUrl} alt={`Imagem do evento ${event.name}`} className="event-card__image" />
        {reached && <span className="badge badge--success event-card__badge">META ATINGIDA</span>}
      </div>
      <div className="event-card__body">
        <p className="event-card__meta">
          <span className="chip">{event.category}</span>
          {event.isTicketed && <span className="chip chip--ticket">Com ingresso</span>}
        </p>
        <h3 className="event-card__title">
          <Link to={to} className="event-card__link">
            {event.name}
          </Link>
        </h3>
        <p className="event-card__date">
          <time dateTime={new Date(event.startsAt).toISOString()}>{formatDateTime(event.startsAt)}</time>
        </p>
        <ProgressBar
          raisedCents={event.raisedCents}
          goalCents={event.goalCents}
          percent={event.percent}
          progress={event.progress}
        />
        <p className="event-card__amounts">
          <span>
            {formatBRL(event.raisedCents)} de {formatBRL(event.goalCents)}
          </span>
          <span className="event-card__percent">{event.percent}%</span>
        </p>
      </div>
    </article>
  );
}
