import { COUPON_MESSAGES } from "@convex/model/shared/coupons";
import { CouponsPanel } from "../../features/fees/coupons/coupons-panel";
import { OrganizerToolPage } from "./organizer-tool-page";

/** `/event/:id/cupons`: the event's `Cupons de desconto`, for its organizer and `Gerente`. */
export default function CouponsRoute() {
  return (
    <OrganizerToolPage title="Cupons de desconto" access="coupons:list" refusal={COUPON_MESSAGES.notTheOrganizer}>
      {(event) => <CouponsPanel eventId={event._id} eventStartsAt={event.startsAt} />}
    </OrganizerToolPage>
  );
}
