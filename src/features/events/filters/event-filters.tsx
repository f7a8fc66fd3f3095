import { useId } from "react";
import { CATEGORY_FILTER_OPTIONS, EMPTY_FILTERS, type EventFilterValues } from "./filters";
import "../events.css";

type EventFiltersProps = { values: EventFilterValues; onChange: (values: EventFilterValues) => void };

/**
 * Name, city, category and date range filters for the home grid, and "Mostrar encerrados",
 * which lists the events that are over (newest first) instead of the upcoming ones.
 */
export function EventFilters({ values, onChange }: EventFiltersProps) {
  const id = useId();
  const set = (patch: Partial<EventFilterValues>) => onChange({ ...values, ...patch });
  const onlyOneDate = (values.from === "") !== (values.to === "");
  const active = JSON.stringify(values) !== JSON.stringify(EMPTY_FILTERS);

  return (
    <form className="filters" role="search" aria-label="Filtrar eventos" onSubmit={(e) => e.preventDefault()}>
      <div className="field filters__name">
        <label htmlFor={`${id}-name`}>Nome</label>
        <input
          id={`${id}-name`}
          type="search"
          placeholder="Buscar pelo nome"
          autoComplete="off"
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-city`}>Cidade</label>
        <input
          id={`${id}-city`}
          type="search"
          placeholder="Todas"
          autoComplete="address-level2"
          value={values.city}
          onChange={(e) => set({ city: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>Categoria</label>
        <select id={`${id}-category`} value={values.category} onChange={(e) => set({ category: e.target.value })}>
          {CATEGORY_FILTER_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>Data inicial</label>
        <input
          id={`${id}-from`}
          type="date"
          value={values.from}
          max={values.to || undefined}
          aria-describedby={onlyOneDate ? `${id}-dates-hint` : undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>Data final</label>
        <input
          id={`${id}-to`}
          type="date"
          value={values.to}
          min={values.from || undefined}
          aria-describedby={onlyOneDate ? `${id}-dates-hint` : undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
      <div className="filters__actions">
        <button type="button" className="button button--ghost" disabled={!active} onClick={() => onChange(EMPTY_FILTERS)}>
          Limpar filtros
        </button>
      </div>
      <div className="checkbox filters__finished">
        <input id={`${id}-finished`} type="checkbox" checked={values.finished} onChange={(e) => set({ finished: e.target.checked })} />
        <label htmlFor={`${id}-finished`}>Mostrar encerrados</label>
      </div>
      {onlyOneDate && (
        <p id={`${id}-dates-hint`} className="filters__hint">
          Informe a data inicial e a data final para filtrar por período.
        </p>
      )}
    </form>
  );
}
