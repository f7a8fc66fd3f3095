import { useId } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { NoticeAlert } from "../../components/notice-alert";
import { BuyTicketsForm } from "./buy-tickets-form";
import { onSaleNow, TicketTypeList } from "./ticket-type-list";
import { usePurchaseResult } from "./use-purchase-outcome";
import { WaitingList } from "./waiting-list";
import { useClock } from "../../lib/use-clock";
import "./tickets.css";

/**
 * The event page's `Ingressos`: each type with its lote, price and `Restam N` or `Esgotado`
 * (live: another buyer's purchase shows here as the queue decides it), and the purchase form
 * while purchases are open (until the event starts or is cancelled; a reached goal does not
 * stop ticket sales), with the signed-in person's `Lista de espera`.
 */
export function TicketSales({ eventId, open }: { eventId: string; open: boolean }) {
  const id = useId();
  const types = useQuery(api.ticketTypes.forEvent, { eventId });
  const me = useQuery(api.users.me);
  const now = useClock();
  const result = usePurchaseResult();
  if (types === undefined || types.length === 0) return null;
  // All sold out (or ended): the waiting list is what is left to offer.
  const anyOnSale = types.some((type) => onSaleNow(type, now).state === "onSale");
  return (
    <section className="ticket-sales" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="ticket-sales__heading">
        Ingressos
      </h2>
      <TicketTypeList types={types} now={now} />
      {open && anyOnSale && <BuyTicketsForm eventId={eventId} types={types} now={now} signedIn={me != null} result={result} />}
      {open && me != null && <WaitingList eventId={eventId} types={types} now={now} />}
      <NoticeAlert notice={result.notice} onClose={result.close} />
    </section>
  );
}
