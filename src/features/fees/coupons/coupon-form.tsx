import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { Field } from "../../../components/field";
import { InlineMessage, type Message } from "../../../components/inline-message";
import { errorNotice } from "../../../lib/errors";
import { couponArgsOf, EMPTY_DRAFT, type CouponDraft } from "./coupon-input";
import { CouponTypeChoice } from "./coupon-type-choice";

type Props = { eventId: string; eventStartsAt: number; types: { _id: string; name: string }[] };

/** `Criar cupom`: a code, a percent or a fixed amount, and optionally its types, a maximum of uses and a last day. */
export function CouponForm({ eventId, eventStartsAt, types }: Props) {
  const create = useMutation(api.coupons.create);
  const [draft, setDraft] = useState<CouponDraft>(EMPTY_DRAFT);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const edit = (change: Partial<CouponDraft>) => setDraft((current) => ({ ...current, ...change }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const args = couponArgsOf(draft, eventStartsAt);
    if ("message" in args) return setMessage({ tone: "error", text: args.message });
    setPending(true);
    try {
      await create({ eventId, ...args });
      setMessage({ tone: "success", text: `Cupom ${args.code.trim().toUpperCase()} criado.` });
      setDraft(EMPTY_DRAFT);
    } catch (error) {
      setMessage({ tone: "error", text: errorNotice(error).message });
    } finally {
      setPending(false);
    }
  };

  const percent = draft.kind === "percent";
  return (
    <form className="org-form" onSubmit={(event) => void onSubmit(event)}>
      <Field label="Código" hint="De 3 a 20 letras ou números; o comprador digita em Cupom.">
        {(control) => (
          <input
            {...control}
            value={draft.code}
            onChange={(e) => edit({ code: e.target.value })}
            maxLength={20}
            autoComplete="off"
            required
          />
        )}
      </Field>
      <div className="org-form__row">
        <Field label="Tipo de desconto">
          {(control) => (
            <select {...control} value={draft.kind} onChange={(e) => edit({ kind: e.target.value as CouponDraft["kind"], value: "" })}>
              <option value="percent">Porcentagem</option>
              <option value="fixed">Valor fixo</option>
            </select>
          )}
        </Field>
        <Field label={percent ? "Desconto (%)" : "Desconto (R$)"} hint={percent ? "De 1 a 100." : "Por ingresso, até o preço dele."}>
          {(control) => (
            <input
              {...control}
              inputMode={percent ? "numeric" : "decimal"}
              value={draft.value}
              onChange={(e) => edit({ value: e.target.value })}
              required
            />
          )}
        </Field>
      </div>
      <CouponTypeChoice types={types} chosen={draft.typeIds} onChange={(typeIds) => edit({ typeIds })} />
      <CouponLimitFields draft={draft} edit={edit} />
      <button type="submit" className="button button--primary" disabled={pending}>
        Criar cupom
      </button>
      <InlineMessage message={message} />
    </form>
  );
}

/** `Máximo de usos` and `Válido até`, both optional. */
function CouponLimitFields({ draft, edit }: { draft: CouponDraft; edit: (change: Partial<CouponDraft>) => void }) {
  return (
    <div className="org-form__row">
      <Field label="Máximo de usos (opcional)" hint="Sem número, sem limite.">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={draft.maxUses}
            onChange={(e) => edit({ maxUses: e.target.value })}
          />
        )}
      </Field>
      <Field label="Válido até (opcional)" hint="Até o fim do dia; sem data, até o início do evento.">
        {(control) => <input {...control} type="date" value={draft.validUntil} onChange={(e) => edit({ validUntil: e.target.value })} />}
      </Field>
    </div>
  );
}
