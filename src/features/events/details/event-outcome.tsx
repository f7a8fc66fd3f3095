import { useId } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { SETTLEMENT_OUTCOMES, type Settlement } from "@convex/model/shared/lifecycle";
import { FLEXIBLE_PAID_OUT_OUTCOME } from "@convex/model/shared/fundingMode";
import { formatBRL } from "@convex/model/shared/money";
import { SupportedWithChat } from "../../../components/supported-with-chat";
import type { EventDetail } from "../../../lib/api-types";
import "../events.css";

type EventOutcomeProps = {
  event: Pick<EventDetail, "_id" | "raisedCents" | "goalCents" | "settlementLabel" | "fundingMode" | "goalReached"> & {
    settlement: Settlement;
  };
  chatPath: string;
};

/**
 * A finished event's page, where the support form was: how it ended, what it raised, and the
 * chat for those who supported it.
 */
export function EventOutcome({ event, chatPath }: EventOutcomeProps) {
  const id = useId();
  const mine = useQuery(api.supports.mine, { eventId: event._id });
  return (
    <section className="event-outcome" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="event-outcome__heading">
        {event.settlementLabel}
      </h2>
      <p>
        {/* A flexible event paid below its goal did not reach it: its page says so. */}
        {event.settlement === "paidOut" && event.fundingMode === "flexible" && !event.goalReached
          ? FLEXIBLE_PAID_OUT_OUTCOME
          : SETTLEMENT_OUTCOMES[event.settlement]}
      </p>
      <p className="event-outcome__hint">
        Arrecadado: {formatBRL(event.raisedCents)} de {formatBRL(event.goalCents)}.
      </p>
      {mine?.supported && (
        <SupportedWithChat chatPath={chatPath}>
          Você apoiou este evento com <strong>{formatBRL(mine.amountCents)}</strong>.
        </SupportedWithChat>
      )}
    </section>
  );
}
