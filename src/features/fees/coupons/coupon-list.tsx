import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { discountLabel } from "@convex/model/shared/coupons";
import { formatDateTime } from "../../../lib/dates";

type Props = { eventId: string; types: { _id: string; name: string }[] };

const uses = (n: number) => `${n.toLocaleString("pt-BR")} ${n === 1 ? "uso" : "usos"}`;

/** The event's coupons, live: code, discount, types, uses (of the maximum) and the last day. */
export function CouponList({ eventId, types }: Props) {
  const coupons = useQuery(api.coupons.list, { eventId });
  if (coupons === undefined) return null;
  if (coupons.length === 0) return <p className="org-empty">Nenhum cupom criado ainda.</p>;
  const names = new Map(types.map((type) => [type._id, type.name]));
  return (
    <ul className="org-list">
      {coupons.map((coupon) => (
        <li key={coupon._id} className="org-list__item">
          <strong className="org-list__main">
            {coupon.code} · {discountLabel(coupon.discount)}
          </strong>
          <span>{coupon.typeIds === null ? "Todos os tipos" : coupon.typeIds.map((id) => names.get(id) ?? "").join(", ")}</span>
          <span>
            {coupon.maxUses === null ? uses(coupon.uses) : `${uses(coupon.uses)} de ${coupon.maxUses.toLocaleString("pt-BR")}`}
            {coupon.validUntil !== null && ` · válido até ${formatDateTime(coupon.validUntil)}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
