import { useState } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { Field } from "../../components/field";

/**
 * The buyer's `Cupom`: typed, applied with `Aplicar`, and checked by the server
 * (`coupons:preview`) for the chosen type, lote and inteira or meia; the price it gives is
 * the one shown and paid. `unitPriceCents` is null while no coupon applies.
 */
export function useCoupon(eventId: string, typeId: string | undefined, loteIndex: number | null | undefined, meia: boolean) {
  const [typed, setTyped] = useState("");
  const [applied, setApplied] = useState("");
  const preview = useQuery(
    api.coupons.preview,
    applied === "" || typeId === undefined || loteIndex == null ? "skip" : { eventId, typeId, loteIndex, meia, code: applied },
  );
  const ok = preview !== undefined && preview.ok ? preview : null;
  return {
    typed,
    setTyped,
    apply: () => setApplied(typed.trim()),
    applied,
    // A code typed and not yet checked: the purchase waits for the answer rather than pay the full price.
    checking: applied !== "" && preview === undefined,
    refusal: preview !== undefined && !preview.ok ? preview.message : null,
    code: ok?.code ?? null,
    unitPriceCents: ok?.unitPriceCents ?? null,
  };
}

export type CouponState = ReturnType<typeof useCoupon>;

/** `Cupom` with `Aplicar`, and what the server said of it. */
export function CouponField({ coupon }: { coupon: CouponState }) {
  return (
    <div className="coupon-field">
      <Field
        label="Cupom"
        error={coupon.refusal}
        hint={
          coupon.code !== null && coupon.unitPriceCents !== null
            ? `Cupom ${coupon.code} aplicado: ${formatBRL(coupon.unitPriceCents)} por ingresso.`
            : null
        }
      >
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={20}
            value={coupon.typed}
            onChange={(event) => coupon.setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                coupon.apply();
              }
            }}
          />
        )}
      </Field>
      <button
        type="button"
        className="button button--secondary coupon-field__apply"
        onClick={coupon.apply}
        disabled={coupon.typed.trim() === ""}
      >
        Aplicar
      </button>
    </div>
  );
}
