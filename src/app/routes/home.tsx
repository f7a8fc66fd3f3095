import { useState } from "react";
import { EventFilters } from "../../features/events/event-filters";
import { EventList } from "../../features/events/event-list";
import { EMPTY_FILTERS, toListArgs, type EventFilterValues } from "../../features/events/filters";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { paths } from "../paths";

export default function HomeRoute() {
  const [filters, setFilters] = useState<EventFilterValues>(EMPTY_FILTERS);
  // Typing a name re-queries once the person pauses, not on every key.
  const debounced = useDebouncedValue(filters, 250);
  const args = toListArgs({ ...filters, name: debounced.name });

  return (
    <main className="page">
      <section className="hero">
        <h1 className="hero__title">Eventos para apoiar</h1>
        <p className="hero__text">Escolha um evento, apoie com o saldo da sua carteira e ajude a bater a meta.</p>
      </section>
      <EventFilters values={filters} onChange={setFilters} />
      <EventList args={args} eventPath={paths.event.build} />
    </main>
  );
}
