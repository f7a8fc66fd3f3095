import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { MEIA_CATEGORIES, MEIA_CATEGORY_LABELS, TICKET_MESSAGES, type MeiaCategory } from "@convex/model/shared/ticketTypes";
import { holdSentence, positionSentence } from "@convex/model/shared/waitingList";
import { Field } from "../../components/field";
import { NoticeAlert } from "../../components/notice-alert";
import { ATTENTION_TITLE } from "../../lib/notice";
import { useSubmitWithNotice } from "../../lib/use-submit-with-notice";
import { outcomeNotice } from "./buy-tickets-form";
import { JoinWaitingListForm } from "./join-waiting-list-form";
import type { TicketTypeOnSale } from "./ticket-type-list";
import { usePurchaseOutcome } from "./use-purchase-outcome";
import { soldOutOptions } from "./waiting-list-options";

type Place = FunctionReturnType<typeof api.waitingList.mine>[number];
type Held = Extract<Place, { status: "held" }>;

const unitsText = (units: number) => (units === 1 ? "1 ingresso" : `${units} ingressos`);
const optionText = (meia: boolean) => (meia ? "meia-entrada" : "inteira");

/**
 * The signed-in person's `Lista de espera` on the event page, live: their place in each line
 * (`Você é o 3º da fila`, `Sair da lista`), units held for them (`Ingressos reservados para
 * você até HH:MM`, `Comprar`), and the form to join the line of a sold-out type.
 */
export function WaitingList({ eventId, types, now }: { eventId: string; types: TicketTypeOnSale[]; now: number }) {
  const places = useQuery(api.waitingList.mine, { eventId });
  const purchase = usePurchaseOutcome();
  if (places === undefined) return null;
  // A hold whose 30 minutes passed is gone, whether or not the server has passed it on yet.
  const live = places.filter((place) => place.status === "waiting" || place.holdUntil > now);
  const inLine = new Set(live.map((place) => place.typeId));
  const joinable = types.filter((type) => {
    const options = soldOutOptions(type, now);
    return !inLine.has(type._id) && (options.inteira || options.meia);
  });
  const nameOf = (typeId: string) => types.find((type) => type._id === typeId)?.name ?? "";
  return (
    <>
      {live.map((place) =>
        place.status === "held" ? (
          <HeldTickets key={place.entryId} eventId={eventId} held={place} typeName={nameOf(place.typeId)} onBought={purchase.follow} />
        ) : (
          <PlaceInLine key={place.entryId} place={place} typeName={nameOf(place.typeId)} />
        ),
      )}
      {joinable.length > 0 && <JoinWaitingListForm eventId={eventId} types={joinable} now={now} />}
      <NoticeAlert notice={purchase.outcome && outcomeNotice(purchase.outcome)} onClose={purchase.seen} />
    </>
  );
}

function PlaceInLine({ place, typeName }: { place: Extract<Place, { status: "waiting" }>; typeName: string }) {
  const leave = useMutation(api.waitingList.leave);
  const { notice, pending, submit, close } = useSubmitWithNotice();
  return (
    <section className="waiting-list__place" aria-label="Sua posição na lista de espera">
      <p className="waiting-list__title">{positionSentence(place.position)}</p>
      <p className="buy-tickets__hint">
        {typeName} · {unitsText(place.units)} · {optionText(place.meia)}
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pending}
        onClick={() =>
          void submit(async () => {
            await leave({ entryId: place.entryId });
            return null;
          })
        }
      >
        Sair da lista
      </button>
      <NoticeAlert notice={notice} onClose={close} />
    </section>
  );
}

type HeldTicketsProps = { eventId: string; held: Held; typeName: string; onBought: (purchaseId: string) => void };

/** Units held for the person: bought as they are (the meia category asked), or given up to the next in line. */
function HeldTickets({ eventId, held, typeName, onBought }: HeldTicketsProps) {
  const buy = useMutation(api.ticketPurchases.buy);
  const leave = useMutation(api.waitingList.leave);
  const { notice, pending, show, submit, close } = useSubmitWithNotice();
  const [category, setCategory] = useState<MeiaCategory | "">("");

  function onBuy() {
    if (held.meia && category === "") return show({ title: ATTENTION_TITLE, message: TICKET_MESSAGES.meiaWithoutCategory, tone: "error" });
    void submit(async () => {
      const { purchaseId } = await buy({
        eventId,
        typeId: held.typeId,
        loteIndex: held.loteIndex,
        unitPriceCents: held.unitPriceCents,
        units: held.heldUnits,
        meia: held.meia,
        ...(held.meia ? { meiaCategory: category } : {}),
        holdId: held.entryId,
      });
      onBought(purchaseId);
      return null;
    });
  }

  return (
    <section className="waiting-list__held" aria-label="Sua reserva na lista de espera">
      <p className="waiting-list__title">{holdSentence(held.holdUntil)}</p>
      <p>
        {typeName} · {unitsText(held.heldUnits)} · {optionText(held.meia)} ·{" "}
        <strong>Total: {formatBRL(held.heldUnits * held.unitPriceCents)}</strong>
      </p>
      {held.heldUnits < held.units && (
        <p className="buy-tickets__hint">
          Voltaram {unitsText(held.heldUnits)} dos {held.units} que você pediu.
        </p>
      )}
      {held.meia && (
        <Field label="Categoria da meia-entrada" hint="Leve o documento que dá direito à meia-entrada: ele será conferido na entrada.">
          {(control) => (
            <select {...control} value={category} onChange={(event) => setCategory(event.target.value as MeiaCategory | "")}>
              <option value="">Escolha…</option>
              {MEIA_CATEGORIES.map((option) => (
                <option key={option} value={option}>
                  {MEIA_CATEGORY_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <div className="waiting-list__actions">
        <button type="button" className="button button--primary" disabled={pending} onClick={onBuy}>
          Comprar
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() =>
            void submit(async () => {
              await leave({ entryId: held.entryId });
              return null;
            })
          }
        >
          Desistir
        </button>
      </div>
      <NoticeAlert notice={notice} onClose={close} />
    </section>
  );
}
