import { useId, useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { Field } from "../../components/field";
import { NoticeAlert } from "../../components/notice-alert";
import { useSubmitWithNotice } from "../../lib/use-submit-with-notice";
import { unitChoices } from "./buy-tickets-form";
import type { TicketTypeOnSale } from "./ticket-type-list";
import { soldOutOptions } from "./waiting-list-options";

type JoinWaitingListFormProps = { eventId: string; types: TicketTypeOnSale[]; now: number };

/** `Entrar na lista de espera` of a sold-out type: which type, inteira or meia, how many units. */
export function JoinWaitingListForm({ eventId, types, now }: JoinWaitingListFormProps) {
  const id = useId();
  const join = useMutation(api.waitingList.join);
  const { notice, pending, submit, close } = useSubmitWithNotice();
  const [typeId, setTypeId] = useState("");
  const [meiaChosen, setMeia] = useState(false);
  const [units, setUnits] = useState(1);

  const type = types.find((candidate) => candidate._id === typeId) ?? types[0];
  if (type === undefined) return null;
  const options = soldOutOptions(type, now);
  // Only an option that is sold out has a line: the one left is the choice when the other is on sale.
  const meia = !options.inteira ? true : !options.meia ? false : meiaChosen;

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (pending || type === undefined) return;
    void submit(async () => {
      await join({ eventId, typeId: type._id, units, meia });
      return null;
    });
  }

  return (
    <form className="waiting-list__join" onSubmit={onSubmit} aria-label="Lista de espera">
      <h3 className="waiting-list__title">Lista de espera</h3>
      <p className="buy-tickets__hint">
        Esgotado? Entre na fila: se ingressos voltarem, os primeiros da fila ficam reservados para você por 30 minutos.
      </p>
      {types.length > 1 && (
        <Field label="Tipo de ingresso">
          {(control) => (
            <select {...control} value={type._id} onChange={(event) => setTypeId(event.target.value)}>
              {types.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {type.quantity > type.meiaQuantity && type.meiaQuantity > 0 && (
        <fieldset className="buy-tickets__kind">
          <legend>Inteira ou meia</legend>
          <label>
            <input type="radio" name={`${id}-kind`} checked={!meia} disabled={!options.inteira} onChange={() => setMeia(false)} /> Inteira
          </label>
          <label>
            <input type="radio" name={`${id}-kind`} checked={meia} disabled={!options.meia} onChange={() => setMeia(true)} /> Meia-entrada
          </label>
        </fieldset>
      )}
      <Field label="Quantidade">
        {(control) => (
          <select {...control} value={units} onChange={(event) => setUnits(Number(event.target.value))}>
            {unitChoices(type.maxPerPerson).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="button button--secondary" disabled={pending}>
        Entrar na lista de espera
      </button>
      <NoticeAlert notice={notice} onClose={close} />
    </form>
  );
}
