import { useId } from "react";
import { useConvex, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { DownloadButton } from "../../components/download-button";
import { downloadAttendees } from "./download-attendees";
import "./tickets.css";

/**
 * The organizer's attendee list: per type and lote, sold / meia / checked in (live), and
 * `Baixar lista (CSV)` with every ticket; an event whose tickets come from supports (no types)
 * has the download alone. The server answers the creator only.
 */
export function AttendeeList({ eventId, eventName }: { eventId: string; eventName: string }) {
  const id = useId();
  const convex = useConvex();
  const summary = useQuery(api.attendees.summary, { eventId });
  if (summary === undefined) return null;

  return (
    <section className="attendees" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="ticket-sales__heading">
        Lista de participantes
      </h2>
      {summary.length > 0 && (
        <div className="attendees__scroll">
          <table className="attendees__table">
            <thead>
              <tr>
                <th scope="col">Tipo e lote</th>
                <th scope="col">Preço</th>
                <th scope="col">Vendidos</th>
                <th scope="col">Meia</th>
                <th scope="col">Presentes</th>
              </tr>
            </thead>
            {summary.map((type) => (
              <tbody key={type.typeId}>
                <tr className="attendees__type">
                  <th scope="row">{type.name}</th>
                  <td />
                  <td>
                    {type.sold} de {type.quantity}
                  </td>
                  <td>{type.meia}</td>
                  <td>{type.checkedIn}</td>
                </tr>
                {type.lotes.map((lote) => (
                  <tr key={lote.label}>
                    <th scope="row" className="attendees__lote">
                      {lote.label}
                    </th>
                    <td>{formatBRL(lote.priceCents)}</td>
                    <td>{lote.sold}</td>
                    <td>{lote.meia}</td>
                    <td>{lote.checkedIn}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
      <DownloadButton
        label="Baixar lista (CSV)"
        busyLabel="Preparando a lista…"
        download={() => downloadAttendees(convex, eventId, eventName)}
      />
    </section>
  );
}
