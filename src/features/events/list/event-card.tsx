import { useId } from "react";
import { Link } from "react-router-dom";
import { EventImage } from "../../../components/event-image";
import { FundingProgress } from "../../../components/funding-progress";
import type { EventSummary } from "../../../lib/api-types";
import { formatDateTime } from "../../../lib/dates";
import { cityText } from "../display/place";
import { SettlementChip } from "../display/settlement-chip";
import { FundingModeChip } from "../display/funding-mode-chip";
import "../events.css";

/** What a card shows of an event (`goalReached` is the server's: raised reached the goal itself). */
export type EventCardData = Pick<
  EventSummary,
  | "_id"
  | "name"
  | "category"
  | "startsAt"
  | "city"
  | "uf"
  | "isOnline"
  | "imageUrl"
  | "isTicketed"
  | "fundingMode"
  | "goalCents"
  | "raisedCents"
  | "percent"
  | "progress"
  | "goalReached"
  | "settlement"
  | "settlementLabel"
>;

type EventCardProps = {
  event: EventCardData;
  to: string;
  /** The first card on the page: its image is the home page's largest paint. */
  priority?: boolean;
};

/** A home-grid card: the whole card is one link to the event page, named by the event. */
export function EventCard({ event, to, priority = false }: EventCardProps) {
  const titleId = useId();
  const detailsId = useId();
  return (
    <article className="event-card">
      <Link to={to} className="event-card__link" aria-labelledby={titleId} aria-describedby={detailsId}>
        <div className="event-card__media">
          <EventImage src={event.imageUrl} alt={`Imagem do evento ${event.name}`} className="event-card__image" priority={priority} />
          {event.goalReached && <span className="badge badge--success event-card__badge">META ATINGIDA</span>}
        </div>
        <div className="event-card__body">
          <p className="event-card__meta">
            <span className="chip">{event.category}</span>
            {event.isTicketed && <span className="chip chip--ticket">Com ingresso</span>}
            <FundingModeChip mode={event.fundingMode} />
            <SettlementChip settlement={event.settlement} label={event.settlementLabel} />
          </p>
          <h2 id={titleId} className="event-card__title">
            {event.name}
          </h2>
          <p className="event-card__date">
            <time dateTime={new Date(event.startsAt).toISOString()}>{formatDateTime(event.startsAt)}</time>
            {event.isOnline ? (
              <span className="event-card__city"> · Online</span>
            ) : (
              event.city !== null && <span className="event-card__city"> · {cityText(event)}</span>
            )}
          </p>
          <div className="event-card__progress">
            <FundingProgress funding={event} amountsId={detailsId} />
          </div>
        </div>
      </Link>
    </article>
  );
}
