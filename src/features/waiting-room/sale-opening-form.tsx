import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { Field } from "../../components/field";
import { NoticeAlert } from "../../components/notice-alert";
import { useSubmitWithNotice } from "../../lib/use-submit-with-notice";

const two = (n: number) => String(n).padStart(2, "0");

/** A time as the yyyy-mm-ddThh:mm an <input type="datetime-local"> takes, on the reader's clock. */
function localInput(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The organizer's `Abertura das vendas` with `Sala de espera`, until the room opens: the opening
 * time and, optionally, buyers let in per minute (blank: computed from the capacity).
 */
export function SaleOpeningForm({ eventId }: { eventId: string }) {
  const room = useQuery(api.waitingRoom.status, { eventId });
  const configure = useMutation(api.waitingRoom.configure);
  const { notice, pending, submit, close } = useSubmitWithNotice();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [opensAt, setOpensAt] = useState<string | null>(null);
  const [perMinute, setPerMinute] = useState("");
  if (room === undefined || (room !== null && room.status !== "waiting")) return null;
  const on = enabled ?? room !== null;
  const when = opensAt ?? (room === null ? "" : localInput(room.opensAt));

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    const at = when === "" ? Number.NaN : new Date(when).getTime();
    void submit(async () => {
      await configure({
        eventId,
        opensAt: on ? (Number.isNaN(at) ? 0 : at) : null,
        ...(on && perMinute.trim() !== "" ? { perMinute: Number(perMinute) } : {}),
      });
      return {
        title: "Abertura salva",
        message: on ? "A sala de espera abre antes das vendas." : "Vendas sem sala de espera.",
        tone: "success",
      };
    });
  }

  return (
    <form className="waiting-room sale-opening" onSubmit={onSubmit} aria-label="Abertura das vendas">
      <h2 className="waiting-room__heading">Abertura das vendas</h2>
      <label className="sale-opening__check">
        <input type="checkbox" checked={on} onChange={(change) => setEnabled(change.target.checked)} /> Sala de espera
      </label>
      {on && (
        <>
          <Field label="Abertura das vendas">
            {(control) => (
              <input {...control} type="datetime-local" value={when} onChange={(change) => setOpensAt(change.target.value)} required />
            )}
          </Field>
          <Field label="Entradas por minuto" hint="Em branco: calculado pela capacidade do evento.">
            {(control) => (
              <input
                {...control}
                type="number"
                min={1}
                inputMode="numeric"
                value={perMinute}
                onChange={(change) => setPerMinute(change.target.value)}
              />
            )}
          </Field>
        </>
      )}
      <button type="submit" className="button button--secondary" disabled={pending}>
        Salvar abertura
      </button>
      <NoticeAlert notice={notice} onClose={close} />
    </form>
  );
}
