import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { EventFilters } from "../../features/events/filters/event-filters";
import { EventList } from "../../features/events/list/event-list";
import { filtersFromSearch, filtersToSearch, toListArgs, type EventFilterValues } from "../../features/events/filters/filters";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { APP_TITLE, useDocumentTitle } from "../../lib/use-document-title";
import { paths, rememberHomeSearch } from "../paths";

export default function HomeRoute() {
  useDocumentTitle(`${APP_TITLE} — eventos para apoiar`);
  // The filters live in the address, so "Voltar" (or the browser's back) from an event restores them.
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = filtersFromSearch(search);
  const setFilters = (next: EventFilterValues) => setSearchParams(filtersToSearch(next), { replace: true });
  useEffect(() => rememberHomeSearch(search), [search]);
  // Typing a name re-queries once the person pauses, not on every key.
  const debouncedName = useDebouncedValue(filters.name, 250);
  const debouncedCity = useDebouncedValue(filters.city, 250);
  const args = toListArgs({ ...filters, name: debouncedName, city: debouncedCity });

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
