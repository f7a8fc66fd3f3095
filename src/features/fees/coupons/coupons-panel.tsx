import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import "../../../components/organizer-page.css";
import { CouponForm } from "./coupon-form";
import { CouponList } from "./coupon-list";

/** `Cupons de desconto`: create a code, and every code with its uses. */
export function CouponsPanel({ eventId, eventStartsAt }: { eventId: string; eventStartsAt: number }) {
  const types = useQuery(api.ticketTypes.forEvent, { eventId });
  if (types === undefined) return null;
  const choices = types.map(({ _id, name }) => ({ _id, name }));
  return (
    <div className="org-panel">
      <section className="org-section" aria-labelledby="coupon-create-title">
        <h2 id="coupon-create-title" className="org-section__title">
          Criar cupom
        </h2>
        <CouponForm eventId={eventId} eventStartsAt={eventStartsAt} types={choices} />
      </section>
      <section className="org-section" aria-labelledby="coupon-list-title">
        <h2 id="coupon-list-title" className="org-section__title">
          Cupons
        </h2>
        <CouponList eventId={eventId} types={choices} />
      </section>
    </div>
  );
}
