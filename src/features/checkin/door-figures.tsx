import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatTime } from "../../lib/dates";

type Count = { key: string; count: number };

function CountTable({ caption, head, rows }: { caption: string; head: string; rows: Count[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="door-figures__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">Entradas</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.key}</th>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `Portaria ao vivo`: who is in, and entries per door, per hour and per ticket type, live. */
export function DoorFigures({ eventId }: { eventId: string }) {
  const figures = useQuery(api.door.figures, { eventId });
  if (figures === undefined) return null;
  const perHour = figures.perHour.map(({ hourStart, count }) => ({
    key: `${formatTime(hourStart)}–${formatTime(hourStart + 3_600_000)}`,
    count,
  }));
  return (
    <section className="door-figures" aria-labelledby="door-figures-title">
      <h2 id="door-figures-title" className="door-figures__title">
        Portaria ao vivo
      </h2>
      <p className="door-figures__inside">
        Dentro do evento: <strong>{figures.inside}</strong> de {figures.issued}
      </p>
      <div className="door-figures__tables">
        <CountTable caption="Por porta" head="Porta" rows={figures.perDoor} />
        <CountTable caption="Por hora" head="Hora" rows={perHour} />
        <CountTable caption="Por tipo" head="Tipo" rows={figures.perType} />
      </div>
    </section>
  );
}
