import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { priceWithFeeText, ticketFeeCents } from "@convex/model/shared/fees";

/**
 * The service fee the buyer pays on top of `unitPriceCents` × `units` (0 when the organizer
 * absorbs it or there is none), by the same rule the server charges; null while loading.
 */
export function useBuyerFee(eventId: string, unitPriceCents: number | null, units: number): number | null {
  const fees = useQuery(api.fees.forEvent, { eventId });
  if (fees == null || unitPriceCents === null) return null;
  return fees.passedOn ? units * ticketFeeCents(unitPriceCents, fees.rates) : 0;
}

/** `Total: R$ X`, or `Ingresso R$ X + taxa R$ Y = R$ Z` when the buyer pays the fee: what they agree to pay. */
export function PriceSummary({ totalCents, feeCents }: { totalCents: number; feeCents: number }) {
  return (
    <p className="buy-tickets__total" aria-live="polite">
      {feeCents > 0 ? priceWithFeeText(totalCents, feeCents) : `Total: ${formatBRL(totalCents)}`}
    </p>
  );
}
